//! Items written as level lines, numbers in their shortest form (`400`, not
//! `400.0`), rotations left out when they are 0.

use glam::Vec2;

use crate::level::{BarrierShape, LevelBall};

/// A number as a person would write it: rounded to a tenth, no trailing `.0`.
pub(super) fn num(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    // `-0` reads oddly in a level file.
    let r = if r == 0.0 { 0.0 } else { r };
    format!("{r}")
}

/// `x,y`.
pub(super) fn point(p: Vec2) -> String {
    format!("{},{}", num(p.x), num(p.y))
}

fn rotation(r: f32) -> String {
    if num(r) == "0" {
        String::new()
    } else {
        format!(" rotation {}", num(r))
    }
}

/// A `[barriers]` line.
pub(super) fn barrier_line(shape: &BarrierShape) -> String {
    match shape {
        BarrierShape::Hexagon {
            center,
            radius,
            rotation: r,
        } => format!(
            "hexagon at {} radius {}{}",
            point(*center),
            num(*radius),
            rotation(*r)
        ),
        BarrierShape::Rect {
            center,
            size,
            rotation: r,
        } => format!(
            "rect at {} size {}x{}{}",
            point(*center),
            num(size.x),
            num(size.y),
            rotation(*r)
        ),
        BarrierShape::Polygon(points) => {
            let list: Vec<String> = points.iter().map(|&p| point(p)).collect();
            format!("polygon {}", list.join(" "))
        }
        BarrierShape::Segment { from, to } => {
            format!("segment from {} to {}", point(*from), point(*to))
        }
    }
}

/// A `[balls]` line.
pub(super) fn ball_line(ball: &LevelBall) -> String {
    format!(
        "ball at {} velocity {} owner {}",
        point(ball.position),
        point(ball.velocity),
        ball.owner.keyword()
    )
}

/// A setting's value as written: titles and authors quoted.
pub(super) fn setting_line(key: &str, value: &str) -> String {
    if matches!(key, "title" | "author") {
        format!("{key} = \"{}\"", value.trim_matches('"'))
    } else {
        format!("{key} = {value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_numbers_short_and_rounded() {
        assert_eq!(num(400.0), "400");
        assert_eq!(num(12.345), "12.3");
        assert_eq!(num(-0.01), "0");
    }

    #[test]
    fn format_barrier_lines_read_back() {
        let hex = BarrierShape::Hexagon {
            center: Vec2::new(150.0, 300.0),
            radius: 40.0,
            rotation: 30.0,
        };
        assert_eq!(
            barrier_line(&hex),
            "hexagon at 150,300 radius 40 rotation 30"
        );
        let rect = BarrierShape::Rect {
            center: Vec2::new(650.0, 300.0),
            size: Vec2::new(120.0, 16.0),
            rotation: 0.0,
        };
        assert_eq!(barrier_line(&rect), "rect at 650,300 size 120x16");
    }
}
