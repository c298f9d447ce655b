// A QR code's modules on a canvas, for every page that shows one (a phone's past game, the
// television, the venue): dark on white, with the quiet zone of 4 modules the standard asks
// for, at `scale` whole pixels a module so the screen scales it crisp.
function paintQr(canvas, qr, scale) {
  const quiet = 4, side = qr.width + 2 * quiet;
  canvas.width = canvas.height = side * scale;
  const g = canvas.getContext("2d");
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000000";
  for (let y = 0; y < qr.width; y++) {
    for (let x = 0; x < qr.width; x++) {
      if (qr.dark[y * qr.width + x] === "1") {
        g.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
      }
    }
  }
}
