//! The floor for the startup, memory and idle benchmarks: a blank iced window built with the
//! same iced features as the app, with the same benchmark hook. `benches/startup.sh` runs it.

use iced::widget::{container, text};
use iced::{Element, Length, Subscription};

#[derive(Debug, Clone)]
enum Message {
    Tick,
}

#[derive(Default)]
struct Blank {
    ticks: u64,
}

impl Blank {
    fn update(&mut self, Message::Tick: Message) {
        self.ticks += 1;
    }

    fn view(&self) -> Element<'_, Message> {
        tablekeeper::gui::bench::first_view();
        container(text(self.ticks)).center(Length::Fill).into()
    }

    /// Ticks once a second, like the app's running clock, so the idle figures compare.
    fn subscription(&self) -> Subscription<Message> {
        let tick = iced::time::every(std::time::Duration::from_secs(1)).map(|_| Message::Tick);
        Subscription::batch([tick, tablekeeper::gui::bench::first_frame()])
    }
}

fn main() -> iced::Result {
    let app = iced::application(Blank::default, Blank::update, Blank::view)
        .title("blank")
        .subscription(Blank::subscription)
        .window_size((1280.0, 800.0));
    // BLANK_FONTS=1 loads the app's fonts too, to split the app's startup into fonts and the rest.
    if std::env::var_os("BLANK_FONTS").is_some() {
        use tablekeeper::gui::style;
        style::load_fonts();
        app.default_font(style::FONT).run()
    } else {
        app.run()
    }
}
