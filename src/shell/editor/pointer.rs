//! The editor's pointer: press, drag and release on the palette, the settings
//! form and the level, from the mouse or a finger (`shell::input::pointer`, in
//! logical pixels at any device pixel ratio).

use arkanong::app::editor::{
    ball_at, barrier_at, barrier_handles, cell_at, cells_along, drag_ball, drag_barrier,
    velocity_tip, Handle, Selection, Tool, GRAB_RADIUS,
};
use arkanong::level::{BarrierShape, LevelBall, PowerUp, Side};
use macroquad::prelude::*;

use super::window::{Drag, EditorShell};
use crate::shell::input::pointer;
use crate::shell::palette::Palette;
use crate::shell::view::View;

/// A new barrier of `tool`'s kind at `at`.
pub(crate) fn new_shape(tool: Tool, at: Vec2) -> Option<BarrierShape> {
    Some(match tool {
        Tool::Hexagon => BarrierShape::Hexagon {
            center: at,
            radius: 40.0,
            rotation: 0.0,
        },
        Tool::Rect => BarrierShape::Rect {
            center: at,
            size: vec2(120.0, 16.0),
            rotation: 0.0,
        },
        Tool::Polygon => BarrierShape::Polygon(vec![
            at + vec2(-40.0, 30.0),
            at + vec2(40.0, 30.0),
            at + vec2(0.0, -35.0),
        ]),
        Tool::Segment => BarrierShape::Segment {
            from: at - vec2(60.0, 0.0),
            to: at + vec2(60.0, 0.0),
        },
        _ => return None,
    })
}

impl EditorShell {
    /// Press, drag and release, by mouse or finger.
    /// A ball tool press adds and aims a ball: one undo step, as a brush stroke.
    pub(crate) fn pointer(&mut self) {
        // Only where the arena sits: nothing is drawn in this view's colours.
        let view = Self::view(Palette::default());
        let p = pointer();
        let (pressed, down, released) = (p.pressed, p.down, p.released);
        // A press and its release within one frame: the press is where it landed.
        let screen = p.presses.first().copied().unwrap_or(p.at);
        let world = view.to_world(screen);
        // A release and a press in one slow frame: with the button down now, the
        // release came first and ended the last gesture, not this one.
        if released && down {
            self.end_gesture();
        }
        if pressed {
            self.pointer_down(screen, world, &view);
        } else if down {
            if let Some(d) = self.drag.as_mut() {
                d.now = world;
            } else if let (Some(_), Tool::Brick(p)) = (self.stroke, self.tool) {
                // Every cell since last frame's position, not just this one's.
                let from = self.brush_at.unwrap_or(world);
                for (r, c) in cells_along(self.editor.doc().level(), from, world) {
                    self.editor.paint(r, c, p);
                }
                self.brush_at = Some(world);
            }
        }
        if released && !down {
            self.end_gesture();
        }
    }

    /// The pointer went up: a drag lands, a stroke becomes one undo step.
    fn end_gesture(&mut self) {
        self.finish_drag();
        if let Some(g) = self.stroke.take() {
            self.editor.end_group(g);
        }
        self.brush_at = None;
    }

    fn pointer_down(&mut self, screen: Vec2, world: Vec2, view: &View) {
        if let Some(&(_, b)) = self.buttons.iter().find(|(r, _)| r.contains(screen)) {
            return self.press(b);
        }
        let field = self.fields.iter().position(|r| r.contains(screen));
        if let Some(i) = field.filter(|_| self.settings_open) {
            let key = arkanong::app::editor::SETTING_KEYS[i];
            let text = self.editor.setting(key).unwrap_or_default();
            self.field = Some(arkanong::app::editor::Field::new(i, &text));
            return;
        }
        if self.settings_open || !arkanong::level::arena().contains(world) {
            return;
        }
        let level = self.editor.doc().level().clone();
        let at = self.editor.place(world);
        match self.tool {
            Tool::Brick(p) => {
                self.stroke = Some(self.editor.begin_group());
                self.brush_at = Some(world);
                if let Some((r, c)) = cell_at(&level, world) {
                    self.editor.paint(r, c, p);
                }
            }
            Tool::Capsule => {
                if let Some((r, c)) = cell_at(&level, world) {
                    let now = level.bricks.get(r, c).and_then(|b| b.power_up);
                    let next = match now {
                        None => Some(PowerUp::ALL[0]),
                        Some(p) => PowerUp::ALL
                            .iter()
                            .position(|&q| q == p)
                            .and_then(|i| PowerUp::ALL.get(i + 1).copied()),
                    };
                    self.editor.set_capsule(r, c, next);
                }
            }
            Tool::Ball => {
                let owner = if at.y > 500.0 {
                    Side::Bottom
                } else {
                    Side::Top
                };
                let vy = if owner == Side::Bottom { -1.0 } else { 1.0 } * level.ball_speed;
                let ball = LevelBall {
                    position: at,
                    velocity: vec2(0.0, vy),
                    owner,
                };
                self.stroke = Some(self.editor.begin_group());
                if self.editor.add_ball(&ball) {
                    self.grab(
                        Selection::Ball(level.balls.len()),
                        Handle::Velocity,
                        velocity_tip(&ball),
                    );
                    self.tool = Tool::Select;
                }
            }
            Tool::Select => self.select_at(world, view),
            shape_tool => {
                if let Some(shape) = new_shape(shape_tool, at) {
                    if self.editor.add_barrier(&self.editor.tidy(&shape)) {
                        self.tool = Tool::Select;
                    }
                }
            }
        }
    }

    fn grab(&mut self, target: Selection, handle: Handle, start: Vec2) {
        self.editor.selection = Some(target);
        self.drag = Some(Drag {
            target,
            handle,
            start,
            now: start,
        });
    }

    fn select_at(&mut self, world: Vec2, view: &View) {
        let level = self.editor.doc().level().clone();
        let reach = GRAB_RADIUS.max(view.to_world(vec2(14.0, 0.0)).x - view.to_world(Vec2::ZERO).x);
        if let Some(sel) = self.editor.selection {
            let handles = match sel {
                Selection::Barrier(i) => level
                    .barriers
                    .get(i)
                    .map(barrier_handles)
                    .unwrap_or_default(),
                Selection::Ball(i) => level
                    .balls
                    .get(i)
                    .map(|b| vec![(Handle::Velocity, velocity_tip(b))])
                    .unwrap_or_default(),
            };
            if let Some(&(h, p)) = handles.iter().find(|(_, p)| p.distance(world) <= reach) {
                return self.grab(sel, h, p);
            }
        }
        if let Some(i) = ball_at(&level, world) {
            self.grab(Selection::Ball(i), Handle::Body, world);
        } else if let Some(i) = barrier_at(&level, world) {
            self.grab(Selection::Barrier(i), Handle::Body, world);
        } else {
            self.editor.selection = None;
        }
    }

    /// The dragged piece as it would be if the pointer were let go now.
    pub(crate) fn dragged(&self) -> Option<(Selection, Result<BarrierShape, LevelBall>)> {
        let d = self.drag?;
        let level = self.editor.doc().level();
        let piece = match d.target {
            Selection::Barrier(i) => {
                let s = drag_barrier(level.barriers.get(i)?, d.handle, d.start, d.now);
                Ok(self.editor.tidy(&s))
            }
            Selection::Ball(i) => {
                let b = drag_ball(level.balls.get(i)?, d.handle, d.start, d.now);
                Err(self.editor.tidy_ball(&b))
            }
        };
        Some((d.target, piece))
    }

    fn finish_drag(&mut self) {
        let Some((target, piece)) = self.dragged() else {
            self.drag = None;
            return;
        };
        self.drag = None;
        match (target, piece) {
            (Selection::Barrier(i), Ok(s)) => {
                self.editor.set_barrier(i, &s);
            }
            (Selection::Ball(i), Err(b)) => {
                self.editor.set_ball(i, &b);
            }
            _ => {}
        }
        self.editor.selection = Some(target);
    }
}
