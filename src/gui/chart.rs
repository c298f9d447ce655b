//! The sheet's chart: each player's total as one bar split by score part (iced canvas).

use iced::widget::canvas::{self, Frame, Geometry, Text as CanvasText};
use iced::{Color, Point, Rectangle, Renderer, Size, Theme, mouse};

use super::screen::Context;
use super::style;
use crate::session::Session;

/// What the chart draws: per player, a name, a colour and the value of each part.
#[derive(Debug, Clone, PartialEq)]
pub struct Bars {
    pub rows: Vec<(String, Color, Vec<u32>)>,
}

impl Bars {
    pub fn new(session: &Session, _context: &Context) -> Bars {
        let sheet = session.sheet();
        Bars {
            rows: sheet
                .players
                .iter()
                .map(|p| {
                    let player = &session.players()[p.seat];
                    (
                        player.name.clone(),
                        style::marker(player.colour),
                        p.cells.iter().map(|c| c.value).collect(),
                    )
                })
                .collect(),
        }
    }

    fn max_total(&self) -> u32 {
        self.rows
            .iter()
            .map(|(_, _, parts)| parts.iter().sum())
            .max()
            .unwrap_or(0)
            .max(1)
    }
}

impl<Message> canvas::Program<Message> for Bars {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let text_color = theme.palette().text;
        let label_width = 140.0;
        let bar_height = 30.0;
        let width = (bounds.width - label_width - 60.0).max(10.0);
        let max = self.max_total() as f32;
        for (i, (name, colour, parts)) in self.rows.iter().enumerate() {
            let y = 10.0 + i as f32 * (bar_height + 14.0);
            frame.fill_text(CanvasText {
                content: name.clone(),
                position: Point::new(0.0, y + 4.0),
                color: *colour,
                size: style::TEXT.into(),
                font: style::BOLD,
                ..CanvasText::default()
            });
            let mut x = label_width;
            for (p, value) in parts.iter().enumerate() {
                let w = width * (*value as f32) / max;
                if w > 0.0 {
                    frame.fill_rectangle(
                        Point::new(x, y),
                        Size::new(w, bar_height),
                        style::part(p),
                    );
                }
                x += w;
            }
            frame.fill_text(CanvasText {
                content: parts.iter().sum::<u32>().to_string(),
                position: Point::new(x + 8.0, y + 4.0),
                color: text_color,
                size: style::TEXT.into(),
                font: style::FONT,
                ..CanvasText::default()
            });
        }
        vec![frame.into_geometry()]
    }
}
