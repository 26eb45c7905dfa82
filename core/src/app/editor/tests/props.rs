//! Property: any sequence of edits, then undo all, gives back the text byte for
//! byte; and redo all gives back the edited text.

use glam::Vec2;
use proptest::prelude::*;

use super::super::*;
use crate::level::{shipped_levels, BarrierShape, BrickKind, LevelBall, PowerUp, Side};

#[derive(Debug, Clone)]
enum Op {
    Paint(usize, usize, u8),
    Capsule(usize, usize, u8),
    AddBarrier(u8, f32, f32, f32),
    SetBarrier(usize, f32, f32, f32),
    Delete(usize),
    AddBall(f32, f32, f32, f32),
    Setting(u8, u16),
    Mirror(bool, Option<usize>),
    CopyPaste(usize),
    Resize(u8),
    Undo,
}

fn op() -> impl Strategy<Value = Op> {
    let pos = 0.0f32..1000.0;
    prop_oneof![
        (0..12usize, 0..20usize, 0..12u8).prop_map(|(r, c, k)| Op::Paint(r, c, k)),
        (0..12usize, 0..20usize, 0..9u8).prop_map(|(r, c, k)| Op::Capsule(r, c, k)),
        (0..4u8, pos.clone(), pos.clone(), -200.0f32..200.0)
            .prop_map(|(k, x, y, r)| Op::AddBarrier(k, x, y, r)),
        (0..8usize, pos.clone(), pos.clone(), 1.0f32..100.0)
            .prop_map(|(i, x, y, r)| Op::SetBarrier(i, x, y, r)),
        (0..8usize).prop_map(Op::Delete),
        (pos.clone(), pos, -600.0f32..600.0, -600.0f32..600.0)
            .prop_map(|(x, y, vx, vy)| Op::AddBall(x, y, vx, vy)),
        (0..4u8, 0..2000u16).prop_map(|(k, v)| Op::Setting(k, v)),
        (any::<bool>(), proptest::option::of(0..4usize)).prop_map(|(a, s)| Op::Mirror(a, s)),
        (0..4usize).prop_map(Op::CopyPaste),
        (0..8u8).prop_map(Op::Resize),
        Just(Op::Undo),
    ]
}

fn shape(kind: u8, c: Vec2, r: f32) -> BarrierShape {
    match kind {
        0 => BarrierShape::Hexagon {
            center: c,
            radius: 30.0,
            rotation: r,
        },
        1 => BarrierShape::Rect {
            center: c,
            size: Vec2::new(80.0, 14.0),
            rotation: r,
        },
        3 => BarrierShape::Segment {
            from: c,
            to: c + Vec2::new(60.0, 20.0),
        },
        _ => BarrierShape::Polygon(vec![c, c + Vec2::new(40.0, 0.0), c + Vec2::new(10.0, 30.0)]),
    }
}

fn run(e: &mut Editor, op: &Op) {
    match *op {
        Op::Paint(r, c, k) => {
            let paint = match k {
                0 => Paint::Empty,
                10 | 11 => Paint::Brick(BrickKind::Steel),
                n => Paint::Brick(BrickKind::Breakable { hits: n }),
            };
            e.paint(r, c, paint);
        }
        Op::Capsule(r, c, k) => {
            e.set_capsule(r, c, PowerUp::ALL.get(usize::from(k)).copied());
        }
        Op::AddBarrier(k, x, y, r) => {
            e.add_barrier(&shape(k, Vec2::new(x, y), r));
        }
        Op::SetBarrier(i, x, y, r) => {
            e.set_barrier(i, &shape(0, Vec2::new(x, y), r));
        }
        Op::Delete(i) => {
            e.selection = Some(if i % 2 == 0 {
                Selection::Barrier(i / 2)
            } else {
                Selection::Ball(i / 2)
            });
            e.delete_selected();
        }
        Op::AddBall(x, y, vx, vy) => {
            e.add_ball(&LevelBall {
                position: Vec2::new(x, y),
                velocity: Vec2::new(vx, vy),
                owner: Side::Top,
            });
        }
        Op::Setting(k, v) => {
            let key = ["ball_speed", "title", "lives", "bricks_center"][usize::from(k)];
            e.set_setting(key, &format!("{v}"));
        }
        Op::Mirror(lr, s) => {
            e.selection = s.map(Selection::Barrier);
            e.mirror(if lr { Axis::LeftRight } else { Axis::TopBottom });
        }
        Op::CopyPaste(i) => {
            e.selection = Some(Selection::Barrier(i));
            if e.copy() {
                e.paste();
            }
        }
        Op::Resize(k) => {
            e.resize_grid(Resize::ALL[usize::from(k)]);
        }
        Op::Undo => {
            e.undo();
        }
    }
}

fn texts() -> Vec<&'static str> {
    let mut t: Vec<&'static str> = shipped_levels().iter().map(|l| l.text).collect();
    t.push(NEW_LEVEL);
    t.push(
        "# no ending, no grid\r\nmode = versus\r\n[barriers]\r\nrect at 400,500 size 100x20 # c",
    );
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn editor_undo_all_restores_text_byte_for_byte(
        which in 0..14usize,
        ops in proptest::collection::vec(op(), 1..25),
    ) {
        let texts = texts();
        let original = texts[which % texts.len()];
        let mut e = Editor::open(original);
        for op in &ops {
            run(&mut e, op);
        }
        let edited = e.text();
        // An undo among the ops leaves edits to redo beyond the edited text.
        let at_newest = !e.can_redo();
        while e.undo() {}
        prop_assert_eq!(e.text(), original);
        while e.redo() {}
        if at_newest {
            prop_assert_eq!(e.text(), edited);
        }
    }
}
