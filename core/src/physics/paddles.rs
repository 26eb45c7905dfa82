//! Paddles against balls: planning each paddle's path so that it never squeezes a
//! ball into a static shape, and pushing out any ball left inside a paddle.

use glam::Vec2;

use super::exit_point_polygon::exit_point_polygon;
use super::{Ball, World};
use crate::geom::{cast_circle_polygon, Circle, Rect};
use crate::tolerance::{BROADPHASE_FAR_MARGIN, CONTACT_SKIN, MAX_OVERLAP};

impl World {
    /// Sets each paddle's path for this step: toward its target, but stopping where it
    /// would push a ball into a static shape. Stores the paths in the scratch space,
    /// the velocities in the paddles and the reachable end in the targets.
    pub(super) fn plan_paddle_motions(&mut self, dt: f32) {
        self.scratch.paddle_motion.clear();
        for k in 0..self.paddles.len() {
            let start = self.paddles[k].position;
            let wanted = self.paddle_targets[k] - start;
            let mut fraction = 1.0f32;
            if wanted != Vec2::ZERO {
                let reach = self.paddles[k].shape.aabb();
                let swept = Rect::new(
                    reach.min + start.min(start + wanted),
                    reach.max + start.max(start + wanted),
                );
                for i in 0..self.balls.len() {
                    let ball = self.balls[i];
                    let travel = ball.velocity.length() * dt;
                    if swept.expanded(ball.radius + travel).contains(ball.position) {
                        fraction = fraction.min(self.shove_limit(k, &ball, start, wanted, dt));
                    }
                    if !swept.expanded(ball.radius).contains(ball.position) {
                        continue;
                    }
                    // The paddle moving by `wanted` is the ball moving by `-wanted` in its frame.
                    let local = Circle::new(ball.position - start, ball.radius);
                    let Some(hit) = cast_circle_polygon(local, -wanted, &self.paddles[k].shape)
                    else {
                        continue;
                    };
                    let push =
                        hit.normal * ((1.0 - hit.toi) * wanted.dot(hit.normal) + CONTACT_SKIN);
                    let room = self
                        .cast_static(ball.circle(), push)
                        .map_or(1.0, |(h, _)| h.toi);
                    if room < 1.0 {
                        let skin = CONTACT_SKIN / wanted.length();
                        let allowed = hit.toi + (1.0 - hit.toi) * room - skin;
                        fraction = fraction.min(allowed.max(0.0));
                    }
                }
            }
            let motion = wanted * fraction;
            self.scratch.paddle_motion.push(motion);
            self.paddles[k].velocity = motion / dt;
            self.paddle_targets[k] = start + motion;
        }
    }

    /// The fraction of `wanted` paddle `k` (at `start`) may move this step for
    /// `ball`: all of it, unless the paddle closes on a ball it will strike
    /// faster than a ball can fly (a pointer's jump). Then it closes by no more
    /// than a ball's top speed allows in a step, `max_speed * dt` along the
    /// contact normal: it shoves the ball ahead and never overtakes it, and the
    /// overlap left for `push_balls_out_of_paddles` stays under half the paddle's
    /// thickness plus the ball, so the ball goes out on the side it came from.
    /// The cast takes the ball's own motion too (it may be coming at the paddle).
    /// Key and pad speeds are below a ball's: for them this never binds, and
    /// games played with them step exactly as before.
    fn shove_limit(&self, k: usize, ball: &Ball, start: Vec2, wanted: Vec2, dt: f32) -> f32 {
        let reach = self.config.max_speed * dt;
        if wanted.length() <= reach {
            return 1.0;
        }
        let local = Circle::new(ball.position - start, ball.radius);
        let relative = ball.velocity * dt - wanted;
        let Some(hit) = cast_circle_polygon(local, relative, &self.paddles[k].shape) else {
            return 1.0;
        };
        let closing = wanted.dot(hit.normal);
        if closing <= reach {
            return 1.0;
        }
        reach / closing
    }

    /// Pushes every ball that overlaps a paddle back out along the quickest way, but
    /// never into a static shape; what the ball cannot give, the paddle gives back.
    pub(super) fn push_balls_out_of_paddles(&mut self) {
        for k in 0..self.paddles.len() {
            // The shape does not change in the loop (only the position may).
            let reach = self.paddles[k].shape.aabb();
            for i in 0..self.balls.len() {
                let ball = self.balls[i];
                let paddle = &self.paddles[k];
                let local = ball.position - paddle.position;
                if clear_of_box(local, ball.radius, &reach) {
                    continue;
                }
                let depth = ball.radius - paddle.shape.signed_distance(local);
                if depth <= MAX_OVERLAP * 0.5 {
                    continue;
                }
                let exit = exit_point_polygon(local, &paddle.shape);
                let push = exit * (depth + CONTACT_SKIN);
                let moved_to = self.move_clipped(ball.circle(), push);
                let shortfall = push.length() - (moved_to - ball.position).length();
                let ball = &mut self.balls[i];
                ball.position = moved_to;
                if ball.velocity.dot(exit) < 0.0 {
                    ball.velocity -= 2.0 * ball.velocity.dot(exit) * exit;
                }
                if shortfall > 0.0 {
                    self.paddles[k].position -= exit * shortfall;
                }
            }
        }
        for (target, p) in self.paddle_targets.iter_mut().zip(&self.paddles) {
            *target = p.position;
        }
    }
}

/// Whether a disc of `radius` at `p` is clearly clear of `rect` (a paddle's box in
/// its own frame), so clear that the exact test would find no overlap either: the
/// shape lies in its box, so its distance from `p` is at least the gap, and the
/// margin (as in `cast_static`, see [`BROADPHASE_FAR_MARGIN`]) is far above the
/// rounding of that distance. Most balls are nowhere near a paddle, and the exact
/// signed distance costs a square root per edge. A NaN leaves nothing out.
fn clear_of_box(p: Vec2, radius: f32, rect: &Rect) -> bool {
    let gap = radius + BROADPHASE_FAR_MARGIN * p.abs().max_element().max(1.0);
    p.x + gap < rect.min.x
        || rect.max.x + gap < p.x
        || p.y + gap < rect.min.y
        || rect.max.y + gap < p.y
}
