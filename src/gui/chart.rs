//! Charts drawn with iced's canvas: the sheet's stacked bars (each player's total split by
//! score part), and the history's plain bars and columns.

use iced::widget::canvas::{self, Frame, Geometry, Text as CanvasText};
use iced::{Color, Point, Rectangle, Renderer, Size, Theme, mouse};

use super::style;
use crate::scoring::{Points, Scored};
use crate::session::Player;

/// The sheet's chart: per player, a name, a colour and the value of each part.
#[derive(Debug, Clone, PartialEq)]
pub struct StackedBars {
    pub rows: Vec<(String, Color, Vec<u32>)>,
}

impl StackedBars {
    /// The bars of `sheet`, each in its player's marker colour.
    pub fn new(sheet: &Scored, players: &[Player]) -> StackedBars {
        StackedBars {
            rows: sheet
                .players
                .iter()
                .zip(players)
                .map(|(p, player)| {
                    (
                        player.name.clone(),
                        style::marker(player.colour),
                        p.parts.iter().map(|&points| whole(points)).collect(),
                    )
                })
                .collect(),
        }
    }

    fn max_total(&self) -> u32 {
        self.rows
            .iter()
            // Saturating: a sheet from a file may hold parts that add past u32.
            .map(|(_, _, parts)| parts.iter().fold(0u32, |sum, p| sum.saturating_add(*p)))
            .max()
            .unwrap_or(0)
            .max(1)
    }
}

/// A bar's length in points: TERRAVIST's cells are whole and never below 0 (a value a bar
/// cannot show is drawn as none).
fn whole(points: Points) -> u32 {
    (points.as_whole())
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or(0)
}

impl<Message> canvas::Program<Message> for StackedBars {
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
        let names: Vec<&str> = self.rows.iter().map(|(name, _, _)| name.as_str()).collect();
        let (label_width, names) = label_column(&names, style::TEXT, 140.0, bounds.width);
        let bar_height = 30.0;
        let width = (bounds.width - label_width - 60.0).max(10.0);
        let max = self.max_total() as f32;
        for (i, ((_, colour, parts), name)) in self.rows.iter().zip(names).enumerate() {
            let y = 10.0 + i as f32 * (bar_height + 14.0);
            label(
                &mut frame,
                name,
                Point::new(0.0, y + 4.0),
                *colour,
                style::TEXT,
                style::BOLD,
            );
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
            let total = parts.iter().sum::<u32>().to_string();
            label(
                &mut frame,
                total,
                Point::new(x + 8.0, y + 4.0),
                text_color,
                style::TEXT,
                style::FONT,
            );
        }
        vec![frame.into_geometry()]
    }
}

/// The width of a chart's column of labels and the labels to write in it: as wide as the
/// longest label needs (at least `least`, at most 40 % of a chart `chart_width` wide), a label
/// still too long cut with "…", so no label runs over its bar ("(4) Development bonus", and
/// longer in German, ran over the bars' 140 px). A canvas cannot measure text: a character is
/// taken as 0.55 of the text size per terminal column (a kana or kanji takes two), what the
/// bundled M PLUS 1 draws at most for Latin text.
fn label_column(labels: &[&str], size: f32, least: f32, chart_width: f32) -> (f32, Vec<String>) {
    use unicode_width::UnicodeWidthChar;
    let per_column = size * 0.55;
    let width_of = |c: char| c.width().unwrap_or(0) as f32 * per_column;
    let needed = (labels.iter())
        .map(|l| l.chars().map(width_of).sum::<f32>())
        .fold(0.0, f32::max)
        + per_column * 2.0;
    let room = needed.clamp(least, (chart_width * 0.4).max(least));
    let cut = |text: &str| {
        if text.chars().map(width_of).sum::<f32>() + per_column * 2.0 <= room {
            return text.to_string();
        }
        let mut used = per_column * 4.0; // the "…" and a gap
        let kept: String = text
            .chars()
            .take_while(|c| {
                used += width_of(*c);
                used <= room
            })
            .collect();
        format!("{}…", kept.trim_end())
    };
    (room, labels.iter().map(|l| cut(l)).collect())
}

/// Writes a line of chart text at `at`.
fn label(frame: &mut Frame, content: String, at: Point, color: Color, size: f32, font: iced::Font) {
    frame.fill_text(CanvasText {
        content,
        position: at,
        color,
        size: size.into(),
        font,
        ..CanvasText::default()
    });
}

/// Horizontal bars with a label and a value each (win rate, time share, parts).
#[derive(Debug, Clone, PartialEq)]
pub struct Bars {
    pub rows: Vec<(String, f64, Color)>,
    pub suffix: String,
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
        let names: Vec<&str> = self.rows.iter().map(|(name, _, _)| name.as_str()).collect();
        let (label_width, names) = label_column(&names, style::SMALL, 150.0, bounds.width);
        let width = (bounds.width - label_width - 70.0).max(10.0);
        let max = self
            .rows
            .iter()
            .map(|r| r.1)
            .fold(0.0, f64::max)
            .max(f64::EPSILON);
        for (i, ((_, value, colour), name)) in self.rows.iter().zip(names).enumerate() {
            let y = 6.0 + i as f32 * 30.0;
            label(
                &mut frame,
                name,
                Point::new(0.0, y + 2.0),
                theme.palette().text,
                style::SMALL,
                style::FONT,
            );
            let w = width * (*value / max) as f32;
            frame.fill_rectangle(
                Point::new(label_width, y),
                Size::new(w.max(1.0), 22.0),
                *colour,
            );
            label(
                &mut frame,
                format!("{value:.0}{}", self.suffix),
                Point::new(label_width + w + 6.0, y + 2.0),
                theme.palette().text,
                style::SMALL,
                style::FONT,
            );
        }
        vec![frame.into_geometry()]
    }
}

/// Vertical columns in order (a player's totals over time, plays per month).
#[derive(Debug, Clone, PartialEq)]
pub struct Columns {
    pub points: Vec<(String, f64)>,
    pub colour: Color,
}

impl<Message> canvas::Program<Message> for Columns {
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
        let n = self.points.len().max(1) as f32;
        let max = self
            .points
            .iter()
            .map(|p| p.1)
            .fold(0.0, f64::max)
            .max(f64::EPSILON);
        let plot = bounds.height - 24.0;
        let step = bounds.width / n;
        let bar = (step * 0.7).clamp(1.0, 40.0);
        for (i, (name, value)) in self.points.iter().enumerate() {
            let h = plot * (*value / max) as f32;
            let x = i as f32 * step + (step - bar) / 2.0;
            frame.fill_rectangle(
                Point::new(x, plot - h),
                Size::new(bar, h.max(1.0)),
                self.colour,
            );
            // Labels only where they fit.
            if step >= 44.0 {
                label(
                    &mut frame,
                    name.clone(),
                    Point::new(x, plot + 4.0),
                    theme.palette().text,
                    style::SMALL,
                    style::FONT,
                );
            }
        }
        vec![frame.into_geometry()]
    }
}

/// A line through values in order, from the lowest to the highest, with the zero line where it
/// falls inside (a rating over time, which may go below 0).
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub values: Vec<f64>,
    pub colour: Color,
}

impl<Message> canvas::Program<Message> for Line {
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
        let (low, high) =
            (self.values.iter()).fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
        let span = (high - low).max(f64::EPSILON);
        let pad = 8.0;
        let height = bounds.height - 2.0 * pad;
        let y = |v: f64| pad + height * (1.0 - ((v - low) / span) as f32);
        let step = bounds.width / (self.values.len().max(2) - 1) as f32;
        let zero = canvas::Path::line(Point::new(0.0, y(0.0)), Point::new(bounds.width, y(0.0)));
        let faint = canvas::Stroke::default()
            .with_color(theme.palette().text.scale_alpha(0.3))
            .with_width(1.0);
        frame.stroke(&zero, faint);
        let line = canvas::Path::new(|path| {
            for (i, value) in self.values.iter().enumerate() {
                let point = Point::new(i as f32 * step, y(*value));
                match i {
                    0 => path.move_to(point),
                    _ => path.line_to(point),
                }
            }
        });
        let stroke = canvas::Stroke::default()
            .with_color(self.colour)
            .with_width(3.0);
        frame.stroke(&line, stroke);
        vec![frame.into_geometry()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_label_column_grows_for_a_long_label_and_cuts_one_too_long() {
        let short = ["Aki", "Ben"];
        assert_eq!(label_column(&short, 16.0, 140.0, 800.0).0, 140.0);
        let german = ["(4) Erschließungsbonus", "(5) Eier"];
        let (room, names) = label_column(&german, 16.0, 140.0, 800.0);
        assert!(room > 140.0 && room <= 320.0, "{room}");
        assert_eq!(names[0], german[0], "room for the whole label");
        let (room, names) = label_column(&german, 16.0, 140.0, 300.0);
        assert_eq!(room, 140.0);
        assert!(
            names[0].ends_with('…') && names[0].len() < german[0].len(),
            "{names:?}"
        );
        assert_eq!(names[1], "(5) Eier");
    }
}
