//! Decoration that answers game events: brick flashes, shards and sparks,
//! conversion rings, and screen shake scaled by the event. It uses macroquad's own
//! random numbers, never the game's seeded ones, so it cannot change the game.

use arkanong_core::app::feel::{impacts, Impact, StruckEdges, Weight};
use arkanong_core::app::{
    feel::clear_of, feel::CallShown, feel::CatchCall, feel::ConversionCall, feel::ConversionMarks,
    feel::Juice, feel::Muzzle, feel::PaddlePose, feel::Rallies, feel::Recoil, feel::ScorePop,
    feel::CONVERSION_LINE, feel::CONVERSION_TITLE,
};
use arkanong_core::game::{Game, GameEvent, Mode};
use arkanong_core::level::{BrickKind, Side};
use macroquad::prelude::*;

use super::conversion_marks::draw_conversion_marks;
use super::stage::Stage;
use arkanong_core::app::layout::MIN_TEXT_PX;

use crate::shell::palette::Palette;
use crate::shell::text::{draw_label_centered, measure};
use crate::shell::view::{turn_point, View};

/// A spark or a shard of a broken brick.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Particle {
    /// Arena units.
    pub(crate) position: Vec2,
    /// Units per second.
    pub(crate) velocity: Vec2,
    /// Seconds left.
    pub(crate) life: f32,
    /// Its colour.
    pub(crate) color: Color,
    /// Half its width and height, arena units.
    half: Vec2,
    /// Turn, radians, and turning speed, radians per second.
    angle: f32,
    spin: f32,
    /// Downward pull, units per second squared (shards fall, sparks float).
    gravity: f32,
}

/// A brick lit up by a hit that did not break it: it flashes and wobbles.
#[derive(Debug, Clone, Copy)]
struct Flash {
    rect: arkanong_core::geom::Rect,
    /// Seconds left.
    life: f32,
}

/// A ring of light where a ball changed owner, from the old colour to the new.
#[derive(Debug, Clone, Copy)]
struct Ring {
    center: Vec2,
    from: Color,
    to: Color,
    /// Seconds since it began.
    age: f32,
}

/// How long a brick's flash lasts, seconds.
const FLASH_SECONDS: f32 = 0.18;
/// How long a conversion ring grows and fades, seconds.
const RING_SECONDS: f32 = 0.45;
/// The most sparks and shards in flight: a flurry of moments adds no more.
const MAX_PARTICLES: usize = 1500;
/// How far a conversion ring grows, arena units.
const RING_GROWTH: f32 = 110.0;
/// The conversion call's title height, arena units (its line is half that).
const CALL_TEXT: f32 = 46.0;
/// How long a score pop-up rises and fades, seconds.
const POP_SECONDS: f32 = 0.8;
/// How far (arena units) a score pop-up may have moved from its brick, clear of
/// others, and still be that brick's when a rollback withdraws it.
#[cfg(feature = "online")]
const POP_WITHDRAW_DISTANCE: f32 = 80.0;
/// How far a score pop-up rises over its life, arena units.
const POP_RISE: f32 = 40.0;
/// A score pop-up's text height, arena units.
const POP_TEXT: f32 = 30.0;

/// How fast the shake dies down, pixels per second.
const SHAKE_DECAY: f32 = 40.0;

fn random_dir() -> Vec2 {
    Vec2::from_angle(macroquad::rand::gen_range(0.0, std::f32::consts::TAU))
}

/// A burst of `n` sparks of `color` from `center` (a brick's speed).
fn spawn_sparks(particles: &mut Vec<Particle>, center: Vec2, color: Color, n: usize) {
    let fastest = Weight::Brick.punch().spark_speed;
    for _ in 0..n {
        particles.push(Particle {
            position: center,
            velocity: random_dir() * macroquad::rand::gen_range(60.0, fastest),
            life: macroquad::rand::gen_range(0.3, 0.8),
            color,
            half: Vec2::splat(1.5),
            angle: 0.0,
            spin: 0.0,
            gravity: 0.0,
        });
    }
}

/// A conversion's burst in the new owner's `color`: more sparks than a break,
/// faster and longer lived, so it reads across the field.
fn spawn_burst(particles: &mut Vec<Particle>, center: Vec2, color: Color, weight: Weight) {
    let punch = weight.punch();
    for _ in 0..punch.sparks {
        particles.push(Particle {
            position: center,
            velocity: random_dir() * macroquad::rand::gen_range(140.0, punch.spark_speed),
            life: macroquad::rand::gen_range(0.5, 1.0),
            color,
            half: Vec2::splat(2.5),
            angle: 0.0,
            spin: 0.0,
            gravity: 0.0,
        });
    }
}

/// A moment's sparks (`app::feel::Impact`): along the goal line it lit, thrown
/// into the field, or from the middle all round for a match; as many and as
/// fast as its weight says, or a brick's worth under reduced motion.
fn spawn_moment(particles: &mut Vec<Particle>, impact: &Impact, color: Color, calm: bool) {
    let punch = if calm { Weight::Brick } else { impact.weight }.punch();
    let white = Color::new(1.0, 1.0, 1.0, 1.0);
    for k in 0..punch.sparks {
        let (position, dir) = match impact.goal_line {
            Some(y) => {
                let x = macroquad::rand::gen_range(0.0, arkanong_core::tuning::ARENA_WIDTH);
                // Into the field, fanned out to either side.
                let inward = if y > 0.0 { -1.0 } else { 1.0 };
                let fan = macroquad::rand::gen_range(-0.9, 0.9_f32);
                (vec2(x, y), vec2(fan.sin(), inward * fan.cos()))
            }
            None => (impact.at, random_dir()),
        };
        // One spark in four white-hot: the moment reads as light, not confetti.
        let color = if k % 4 == 0 { white } else { color };
        particles.push(Particle {
            position,
            velocity: dir * macroquad::rand::gen_range(0.3, 1.0) * punch.spark_speed,
            life: macroquad::rand::gen_range(0.5, 0.5 + punch.seconds),
            color,
            half: Vec2::splat(2.5),
            angle: 0.0,
            spin: 0.0,
            gravity: 0.0,
        });
    }
}

/// A broken brick in pieces: a 4x2 grid of shards of its own colour that fly
/// out from the centre, spin, fall and fade.
fn spawn_shards(particles: &mut Vec<Particle>, center: Vec2, size: Vec2, color: Color) {
    let half = size / Vec2::new(8.0, 4.0);
    for i in 0..4 {
        for j in 0..2 {
            let offset = Vec2::new(
                (i as f32 - 1.5) * half.x * 2.0,
                (j as f32 - 0.5) * half.y * 2.0,
            );
            particles.push(Particle {
                position: center + offset,
                velocity: offset * 6.0 + random_dir() * macroquad::rand::gen_range(20.0, 90.0),
                life: macroquad::rand::gen_range(0.5, 0.9),
                color,
                half,
                angle: 0.0,
                spin: macroquad::rand::gen_range(-9.0, 9.0),
                gravity: 500.0,
            });
        }
    }
}

/// Sparks and shards in flight, brick flashes, conversion rings and the screen's
/// shake: the shell's answer to game events.
#[derive(Debug, Default)]
pub(crate) struct Effects {
    /// Sparks and shards in flight.
    particles: Vec<Particle>,
    flashes: Vec<Flash>,
    rings: Vec<Ring>,
    /// Score pop-ups, each with the seconds since it began.
    pops: Vec<(ScorePop, f32)>,
    /// Each side's rally, for the combo count.
    rallies: Rallies,
    /// The paddles' recoil and light-up.
    recoil: Recoil,
    /// The paddles' laser muzzle flashes.
    muzzle: Muzzle,
    /// The last power-up each paddle caught, named at it for a moment.
    catch_call: CatchCall,
    /// The first conversions the player sees, called out where they happen.
    conversion_call: ConversionCall,
    /// Halos riding on converted balls, and each side's conversions counted.
    pub(crate) marks: ConversionMarks,
    /// The moments heavier than a brick flashing now (a goal line's band, a
    /// round's wash, a match's burst), each with the seconds since it began.
    moments: Vec<(Impact, f32)>,
    /// Barriers' recent strikes: their edges light up and fade (`juice.flash`).
    pub(crate) struck: StruckEdges,
    /// The step of the game the marks last followed: a game whose step count
    /// is lower is a new one, and the counts start again.
    marks_step: u64,
    /// Whether the last events came under reduced motion (the recoil then only lights).
    reduced_motion: bool,
    /// Shake amplitude, pixels; decays over time.
    shake: f32,
    /// Which effects the player wants (the Juice page); the shell sets it each
    /// frame from the menu, so a switch applies at once.
    pub(crate) juice: Juice,
    /// Entrances, ceremonies and the background.
    pub(crate) stage: Stage,
    /// Whether the game is seen turned half a turn (an online joiner's view): a
    /// new pop-up then clears the others upward on that screen.
    pub(crate) turned: bool,
    /// The colours sparks, shards and rings are born in; the shell sets it each
    /// frame from the settings, as `juice`.
    pub(crate) palette: Palette,
}

impl Effects {
    /// Answers `events` of `game`: shards and sparks for broken bricks, a flash for
    /// bricks hit, a ring and a burst for conversions, shake scaled by the event
    /// (none for a bounce, a little for a break, most for a goal). Only the
    /// effects switched on in `juice`; with `reduced_motion`, no flashes and no
    /// shake whatever the switches say.
    pub(crate) fn react(&mut self, events: &[GameEvent], game: &Game, reduced_motion: bool) {
        let on = self.juice.shown(reduced_motion);
        self.reduced_motion = reduced_motion;
        self.stage.react(events, game, on);
        if on.catch_call {
            self.catch_call.react(events);
        }
        if on.recoil {
            self.recoil.react(events);
        }
        if on.muzzle {
            self.muzzle.react(events);
        }
        if on.flash {
            self.struck.react(events);
        }
        // The rallies count even with pop-ups off, so switching them on is right at once.
        let pops = self.rallies.react(events, game.mode() == Mode::Versus);
        if on.pops {
            for p in pops {
                self.add_pop(p);
            }
        }
        let mut shake: f32 = 0.0;
        for e in events {
            match *e {
                GameEvent::BrickBroken { center, side, .. } => {
                    if on.shards {
                        let size = game.level().brick_size;
                        // Shards take a one-hit brick's colour, whatever broke.
                        let one = BrickKind::Breakable { hits: 1 };
                        spawn_shards(
                            &mut self.particles,
                            center,
                            size,
                            self.palette.brick(one, Some(1)),
                        );
                    }
                    if on.sparks {
                        spawn_sparks(&mut self.particles, center, self.palette.side(side), 8);
                    }
                    shake = shake.max(Weight::Brick.punch().shake);
                }
                GameEvent::BrickHit { point, .. } if on.flash => {
                    if let Some(b) = game.bricks().find(|b| b.rect.expanded(1.0).contains(point)) {
                        self.flashes.push(Flash {
                            rect: b.rect,
                            life: FLASH_SECONDS,
                        });
                    }
                }
                GameEvent::BallConverted { ball, to } => {
                    shake = shake.max(Weight::Conversion.punch().shake);
                    let Some(b) = game.world().ball(ball).filter(|_| on.rings) else {
                        continue;
                    };
                    let from = self.palette.side(Side::from_index(1 - to.index()));
                    self.rings.push(Ring {
                        center: b.position,
                        from,
                        to: self.palette.side(to),
                        age: 0.0,
                    });
                    // Mostly the new owner's colour: the burst says whose the ball is now.
                    spawn_sparks(&mut self.particles, b.position, from, 6);
                    spawn_burst(
                        &mut self.particles,
                        b.position,
                        self.palette.side(to),
                        Weight::Conversion,
                    );
                }
                GameEvent::PaddleHit { point, owner, .. } if on.sparks => {
                    spawn_sparks(&mut self.particles, point, self.palette.side(owner), 5);
                }
                GameEvent::CapsuleCaught { .. } => shake = shake.max(3.0),
                // An explosive brick's blast: a fire-coloured ring a brick wide
                // and a burst of sparks over the bricks it breaks.
                GameEvent::BrickExploded { center, .. } => {
                    let (fire, heat) = (
                        Color::new(1.0, 0.55, 0.1, 1.0),
                        Color::new(1.0, 0.9, 0.4, 1.0),
                    );
                    if on.rings {
                        self.rings.push(Ring {
                            center,
                            from: heat,
                            to: fire,
                            age: 0.0,
                        });
                    }
                    if on.sparks {
                        spawn_burst(&mut self.particles, center, fire, Weight::Blast);
                    }
                }
                _ => {}
            }
        }
        shake = shake.max(self.answer_moments(events, game, on, reduced_motion));
        if on.shake {
            self.shake = self.shake.max(shake);
        }
    }

    /// Answers the moments among `events` of `game` (a blast, a goal, a round,
    /// a match: `app::feel::impact`) with sparks and a flash as heavy as each,
    /// under the effects `on` shows; returns the shake they ask for.
    fn answer_moments(
        &mut self,
        events: &[GameEvent],
        game: &Game,
        on: Juice,
        reduced_motion: bool,
    ) -> f32 {
        let mut shake: f32 = 0.0;
        for impact in impacts(events, game) {
            shake = shake.max(impact.weight.punch().shake);
            if on.sparks && impact.weight > Weight::Blast {
                let color = self.palette.side(impact.side);
                spawn_moment(&mut self.particles, &impact, color, reduced_motion);
            }
            if on.flash && impact.weight > Weight::Blast {
                self.moments.push((impact, 0.0));
            }
        }
        if self.particles.len() > MAX_PARTICLES {
            let extra = self.particles.len() - MAX_PARTICLES;
            self.particles.drain(..extra);
        }
        shake
    }

    /// Moves everything on and lets the shake die down, by `dt` seconds.
    pub(crate) fn update(&mut self, dt: f32) {
        self.struck.update(dt);
        for p in &mut self.particles {
            p.velocity.y += p.gravity * dt;
            p.position += p.velocity * dt;
            p.angle += p.spin * dt;
            p.life -= dt;
        }
        self.particles.retain(|p| p.life > 0.0);
        for f in &mut self.flashes {
            f.life -= dt;
        }
        self.flashes.retain(|f| f.life > 0.0);
        for r in &mut self.rings {
            r.age += dt;
        }
        self.rings.retain(|r| r.age < RING_SECONDS);
        for (_, age) in &mut self.moments {
            *age += dt;
        }
        self.moments
            .retain(|(i, age)| *age < i.weight.punch().seconds);
        for (_, age) in &mut self.pops {
            *age += dt;
        }
        self.pops.retain(|(_, age)| *age < POP_SECONDS);
        self.recoil.update(dt);
        self.stage.update(dt);
        self.muzzle.update(dt);
        self.catch_call.update(dt);
        self.conversion_call.update(dt);
        self.shake = (self.shake - SHAKE_DECAY * dt).max(0.0);
    }

    /// How to draw `side`'s paddle this frame (at rest with the switch off).
    pub(crate) fn paddle_pose(&self, side: Side) -> PaddlePose {
        let on = self.juice.recoil;
        let pose = self.recoil.pose(side, self.reduced_motion);
        if on {
            pose
        } else {
            Recoil::default().pose(side, false)
        }
    }

    /// The power-up `side` just caught, named at its paddle this frame (none
    /// with the switch off, so switching it off mid-call hides it at once).
    pub(crate) fn catch_call(&self, side: Side) -> Option<CallShown> {
        self.catch_call
            .shown(side)
            .filter(|_| self.juice.catch_call)
    }

    /// Calls out the first conversions among the player's `events` of `game`
    /// (`shell/feel/answer.rs` leaves the attract game's out). No Juice switch:
    /// the call teaches the rule (see `app/feel/conversion_call.rs`).
    pub(crate) fn call_conversions(&mut self, events: &[GameEvent], game: &Game) {
        let ball_at = |id| game.world().ball(id).map(|b| b.position);
        self.conversion_call.react(events, ball_at);
        self.follow_marks(0.0, Some(game));
        self.marks.react(events, ball_at);
    }

    /// Moves the conversion marks with their balls in `game` (the player's game
    /// drawn this frame, if any) and ages them by `dt`; a new game (fewer steps
    /// than the last seen) starts the counts again. Online, a rollback redraws
    /// from a later frame, never an earlier one, so it keeps them.
    pub(crate) fn follow_marks(&mut self, dt: f32, game: Option<&Game>) {
        if let Some(game) = game {
            if game.steps() < self.marks_step {
                self.marks.reset();
            }
            self.marks_step = game.steps();
        }
        let ball_at = |id| game.and_then(|g| g.world().ball(id)).map(|b| b.position);
        self.marks.update(dt, ball_at);
    }

    /// How bright `side`'s laser muzzle flash is this frame, 0 to 1 (0 with the
    /// switch off).
    pub(crate) fn muzzle_strength(&self, side: Side) -> f32 {
        if self.juice.muzzle {
            self.muzzle.strength(side)
        } else {
            0.0
        }
    }

    /// Whether the last events came under reduced motion.
    pub(crate) fn reduced_motion(&self) -> bool {
        self.reduced_motion
    }

    /// This frame's offset of the view, pixels.
    pub(crate) fn shake_offset(&self) -> Vec2 {
        if self.shake > 0.0 {
            vec2(
                macroquad::rand::gen_range(-1.0, 1.0),
                macroquad::rand::gen_range(-1.0, 1.0),
            ) * self.shake
        } else {
            Vec2::ZERO
        }
    }

    /// Takes back the score pop-up of an event a rollback erased (online play):
    /// the newest of that side's pop-ups near the brick.
    #[cfg(feature = "online")]
    pub(crate) fn withdraw(&mut self, event: &GameEvent) {
        self.marks.withdraw(event);
        if let GameEvent::BrickBroken { center, side, .. } = event {
            let near = self.pops.iter().rposition(|(p, _)| {
                p.side == *side && p.at.distance(*center) < POP_WITHDRAW_DISTANCE
            });
            if let Some(k) = near {
                self.pops.remove(k);
            }
        }
    }

    /// Adds a pop-up, moved up (on screen) clear of those showing so their texts
    /// never overlap: worked out as the screen sees the arena, turned or not.
    fn add_pop(&mut self, mut pop: ScorePop) {
        let seen = |p: Vec2| turn_point(p, self.turned);
        let showing: Vec<(Vec2, Vec2)> = self
            .pops
            .iter()
            .map(|(p, age)| (seen(p.at) - Vec2::new(0.0, pop_rise(*age)), pop_half(p)))
            .collect();
        // Half a turn is its own inverse: `seen` also takes it back.
        pop.at = seen(clear_of(seen(pop.at), pop_half(&pop), &showing));
        self.pops.push((pop, 0.0));
    }

    /// Draws the score pop-ups: "+N" in the scorer's colour, rising and fading.
    fn draw_pops(&self, view: &View) {
        for (p, age) in &self.pops {
            let t = age / POP_SECONDS;
            // Rising on screen, whichever way the view is turned.
            let c = view.to_screen(p.at) - Vec2::new(0.0, view.len(pop_rise(*age)));
            let size = view.len(pop_size(p));
            let color = Color {
                a: 1.0 - t * t,
                ..view.palette.side(p.side)
            };
            draw_label_centered(&p.text(), c.x, c.y, size, color);
        }
    }

    /// The moments flashing now, each with the share of its flash left (1 when
    /// it begins, 0 when it ends): `draw_moments` and the glow pass read them.
    pub(crate) fn moments(&self) -> impl Iterator<Item = (&Impact, f32)> + '_ {
        self.moments
            .iter()
            .map(|(i, age)| (i, 1.0 - age / i.weight.punch().seconds))
    }

    /// Each brick lit by a hit that did not break it, with the share of its flash
    /// left (1 when it begins, 0 when it ends): `play/bricks.rs` draws them.
    pub(crate) fn brick_flashes(
        &self,
    ) -> impl Iterator<Item = (arkanong_core::geom::Rect, f32)> + '_ {
        self.flashes
            .iter()
            .map(|f| (f.rect, f.life / FLASH_SECONDS))
    }

    /// Draws the conversion rings, shards, sparks and score pop-ups (the frame's
    /// effects layer; brick flashes belong to the bricks layer).
    pub(crate) fn draw(&self, view: &View) {
        for r in &self.rings {
            let t = r.age / RING_SECONDS;
            let c = view.to_screen(r.center);
            let color = Color {
                a: 1.0 - t,
                ..lerp_color(r.from, r.to, (t * 2.0).min(1.0))
            };
            draw_circle_lines(
                c.x,
                c.y,
                view.len(10.0 + RING_GROWTH * t),
                view.len(6.0 * (1.0 - t) + 1.0),
                color,
            );
            // A flash of the new colour inside, gone by mid-ring.
            let fill = Color {
                a: 0.35 * (1.0 - 2.0 * t).max(0.0),
                ..r.to
            };
            draw_circle(c.x, c.y, view.len(10.0 + RING_GROWTH * 0.6 * t), fill);
        }
        for p in &self.particles {
            let c = view.to_screen(p.position);
            let color = Color {
                a: p.life.min(1.0),
                ..p.color
            };
            let h = p.half * view.scale;
            if p.spin == 0.0 {
                draw_rectangle(c.x - h.x, c.y - h.y, h.x * 2.0, h.y * 2.0, color);
            } else {
                let (ax, ay) = (
                    Vec2::from_angle(p.angle) * h.x,
                    Vec2::from_angle(p.angle).perp() * h.y,
                );
                draw_triangle(c - ax - ay, c + ax - ay, c + ax + ay, color);
                draw_triangle(c - ax - ay, c + ax + ay, c - ax + ay, color);
            }
        }
        if self.juice.rings {
            draw_conversion_marks(&self.marks, view, self.reduced_motion);
        }
        self.draw_pops(view);
        self.draw_conversion_call(view);
    }

    /// The conversion call, if one shows: "CONVERTED!" in the new owner's
    /// colour, outlined dark on a dim band, and what it means under it.
    fn draw_conversion_call(&self, view: &View) {
        let Some(call) = self.conversion_call.shown() else {
            return;
        };
        let c = view.to_screen(call.at);
        let color = view.palette.side(call.to);
        // Readable on a phone: never under the menus' smallest text.
        let title = (view.len(CALL_TEXT) * call.scale).max(MIN_TEXT_PX * 2.0);
        let line = (view.len(CALL_TEXT * 0.45)).max(MIN_TEXT_PX);
        let line_w = measure(CONVERSION_LINE, line).width;
        // The line may be wider than a phone's field: it shrinks to fit the
        // window, but never under the smallest readable size (it fits a 360 px
        // phone at that size).
        let line = if line_w > screen_width() * 0.94 {
            (line * screen_width() * 0.94 / line_w).max(MIN_TEXT_PX)
        } else {
            line
        };
        let width = measure(CONVERSION_TITLE, title)
            .width
            .max(measure(CONVERSION_LINE, line).width);
        let x = c.x.clamp(
            width * 0.5 + 8.0,
            (screen_width() - width * 0.5 - 8.0).max(0.0),
        );
        let band = title + line * 1.6;
        draw_rectangle(
            x - width * 0.5 - 12.0,
            c.y - title * 0.85,
            width + 24.0,
            band,
            Color::new(0.0, 0.0, 0.0, 0.7 * call.alpha),
        );
        let fade = |k: Color| Color { a: call.alpha, ..k };
        // Plain on the dark band: an outline at this size only blurs the letters.
        draw_label_centered(CONVERSION_TITLE, x, c.y, title, fade(color));
        draw_label_centered(
            CONVERSION_LINE,
            x,
            c.y + line * 1.3,
            line,
            fade(Color::new(1.0, 1.0, 1.0, 1.0)),
        );
    }
}

fn lerp_color(a: Color, b: Color, t: f32) -> Color {
    Color::new(
        a.r + (b.r - a.r) * t,
        a.g + (b.g - a.g) * t,
        a.b + (b.b - a.b) * t,
        a.a + (b.a - a.a) * t,
    )
}

/// How far a pop-up of this age has risen, arena units. Ease out: quick at
/// first, settling as it fades.
fn pop_rise(age: f32) -> f32 {
    let t = age / POP_SECONDS;
    POP_RISE * (1.0 - (1.0 - t) * (1.0 - t))
}

/// A pop-up's text size, arena units: a combo's is larger.
fn pop_size(p: &ScorePop) -> f32 {
    if p.combo.is_some() {
        POP_TEXT * 1.2
    } else {
        POP_TEXT
    }
}

/// Half a pop-up's text box, arena units (text measured at its arena size, as if
/// one unit were one pixel: the view scales both alike).
fn pop_half(p: &ScorePop) -> Vec2 {
    let size = pop_size(p);
    // A tenth wider: text drawn at a rounded pixel size may come out a little wider.
    Vec2::new(measure(&p.text(), size).width * 1.1, size) * 0.5
}
