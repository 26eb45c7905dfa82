//! The editor's pointer, in arena units: a press on the palette or the settings
//! form does what it hit; on the level it paints, places, picks or grabs, a drag
//! moves what was grabbed, and the release lands it as one undo step.

use glam::{vec2, Vec2};

use super::super::{
    ball_at, barrier_at, barrier_handles, cell_at, cells_along, drag_ball, drag_barrier,
    velocity_tip, Field, Handle, Selection, Tool, GRAB_RADIUS, SETTING_KEYS,
};
use super::editor_screen::EditorScreen;
use super::input::{EditorInput, Hit};
use crate::level::{BarrierShape, LevelBall, PowerUp, Side};

/// A drag in progress: what is dragged, by which handle, from where to where.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drag {
    /// The piece dragged.
    pub target: Selection,
    /// The handle it was grabbed by.
    pub handle: Handle,
    /// Where the drag started, arena units.
    pub start: Vec2,
    /// Where the pointer is now, arena units.
    pub now: Vec2,
}

/// A new barrier of `tool`'s kind at `at`.
pub(super) fn new_shape(tool: Tool, at: Vec2) -> Option<BarrierShape> {
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

impl EditorScreen {
    /// Press, drag and release, by mouse or finger. A ball tool press adds and
    /// aims a ball: one undo step, as a brush stroke.
    pub(super) fn pointer(&mut self, input: &EditorInput) {
        let p = input.pointer;
        let world = p.at;
        // A release and a press in one slow frame: with the button down now, the
        // release came first and ended the last gesture, not this one.
        if p.released && p.down {
            self.end_gesture();
        }
        if p.pressed {
            self.pointer_down(input);
        } else if p.down {
            if let Some(d) = self.drag.as_mut() {
                d.now = world;
            } else if let (Some(_), Tool::Brick(paint)) = (self.stroke, self.tool) {
                // Every cell since last frame's position, not just this one's.
                let from = self.brush_at.unwrap_or(world);
                for (r, c) in cells_along(self.editor.doc().level(), from, world) {
                    self.editor.paint(r, c, paint);
                }
                self.brush_at = Some(world);
            }
        }
        if p.released && !p.down {
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

    fn pointer_down(&mut self, input: &EditorInput) {
        let (world, reach) = (input.pointer.at, input.pointer.reach);
        match input.pointer.hit {
            Some(Hit::Button(b)) => return self.press(b, input),
            Some(Hit::Set(b)) => return self.set_press(b),
            Some(Hit::Field(i)) if self.settings_open && i < SETTING_KEYS.len() => {
                let text = self.editor.setting(SETTING_KEYS[i]).unwrap_or_default();
                self.field = Some(Field::new(i, &text));
                return;
            }
            _ => {}
        }
        // The settings form and the set page lie over the level.
        if self.settings_open || self.set_page.is_some() || !crate::level::arena().contains(world) {
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
                    if !self.editor.set_capsule(r, c, next) && next.is_some() {
                        self.say("a capsule needs a brick under it: paint one first");
                    }
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
            Tool::Select => self.select_at(world, reach),
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

    /// A press with the select tool: a handle of the selection within `reach`,
    /// else a ball, else a barrier, else nothing (the selection is dropped).
    fn select_at(&mut self, world: Vec2, reach: f32) {
        let level = self.editor.doc().level().clone();
        let reach = GRAB_RADIUS.max(reach);
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
            // The nearest handle within reach: a fingertip's reach (22 px) can
            // cover two of a small barrier's handles.
            let nearest = (handles.iter())
                .filter(|(_, p)| p.distance(world) <= reach)
                .min_by(|a, b| a.1.distance(world).total_cmp(&b.1.distance(world)));
            if let Some(&(h, p)) = nearest {
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
    pub fn dragged(&self) -> Option<(Selection, Result<BarrierShape, LevelBall>)> {
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
