//! Decoration that answers game events: sparks and screen shake. It uses
//! macroquad's own random numbers, never the game's seeded ones, so it cannot change
//! the game.

use arkanong::game::GameEvent;
use macroquad::prelude::*;

use super::palette::side_color;
use super::view::View;

/// A spark from a broken brick.
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
}

/// A burst of sparks from a broken brick. (The sparks are decoration: they use
/// macroquad's own random numbers, never the game's seeded ones.)
fn spawn_sparks(particles: &mut Vec<Particle>, center: Vec2, color: Color) {
    for _ in 0..14 {
        let velocity = Vec2::from_angle(macroquad::rand::gen_range(0.0, std::f32::consts::TAU))
            * macroquad::rand::gen_range(60.0, 260.0);
        particles.push(Particle {
            position: center,
            velocity,
            life: macroquad::rand::gen_range(0.3, 0.8),
            color,
        });
    }
}

/// Moves sparks on by `dt` seconds and drops the spent ones.
fn update_particles(particles: &mut Vec<Particle>, dt: f32) {
    for p in particles.iter_mut() {
        p.position += p.velocity * dt;
        p.life -= dt;
    }
    particles.retain(|p| p.life > 0.0);
}

/// Sparks.
pub(crate) fn draw_particles(view: &View, particles: &[Particle]) {
    for p in particles {
        let c = view.to_screen(p.position);
        draw_rectangle(
            c.x,
            c.y,
            view.len(3.0),
            view.len(3.0),
            Color {
                a: p.life.min(1.0),
                ..p.color
            },
        );
    }
}

/// Sparks in flight and the screen's shake: the shell's answer to game events.
#[derive(Debug, Default)]
pub(crate) struct Effects {
    /// Sparks in flight.
    pub(crate) particles: Vec<Particle>,
    /// Shake amplitude, pixels; decays over time.
    shake: f32,
}

/// How fast the shake dies down, pixels per second.
const SHAKE_DECAY: f32 = 40.0;

impl Effects {
    /// Sparks for broken bricks, shake for goals, lost lives and capsules.
    pub(crate) fn react(&mut self, events: &[GameEvent]) {
        for e in events {
            match *e {
                GameEvent::BrickBroken { center, side, .. } => {
                    spawn_sparks(&mut self.particles, center, side_color(side));
                }
                GameEvent::Goal { .. } | GameEvent::LifeLost { .. } => self.shake = 10.0,
                GameEvent::CapsuleCaught { .. } => self.shake = self.shake.max(3.0),
                _ => {}
            }
        }
    }

    /// Moves sparks on and lets the shake die down, by `dt` seconds.
    pub(crate) fn update(&mut self, dt: f32) {
        update_particles(&mut self.particles, dt);
        self.shake = (self.shake - SHAKE_DECAY * dt).max(0.0);
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
}
