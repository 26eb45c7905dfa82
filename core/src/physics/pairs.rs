//! Ball against ball, after every ball has moved: pairs whose paths met this step
//! exchange momentum (equal masses, elastic) and are set apart.
//!
//! Each ball's path is taken as the straight line from where it started the step to
//! where it ended, and each pair is cast with the relative motion, so two fast balls
//! cannot pass through each other. When neither ball bounced off anything this step,
//! that line is its true path, so the pair is rewound to the moment of contact and
//! replayed with the new velocities; otherwise only velocities change. Any overlap
//! left at the end is split between the two, each move stopped by the shapes.
//!
//! The step runs this pass while the moving shapes (`movers.rs`) are still in
//! their glide, so a replay meets each where it is at that moment of the step,
//! and a moving shape the replay meets carries the ball on (`carry_on_mover`):
//! a ball rewound to a contact earlier in the step is at a place the shape may
//! have covered since, so it must not be moved against the shape's end pose.

use glam::Vec2;

use super::query::swept_box;
use super::response::{exchange, limit_velocity};
use super::{Event, World};
use crate::geom::{cast_circle_circle, Circle};
use crate::tolerance::CONTACT_SKIN;

impl World {
    pub(super) fn collide_balls(
        &mut self,
        starts: &[Vec2],
        contacts: &[u32],
        dt: f32,
        events: &mut Vec<Event>,
    ) {
        let n = self.balls.len();
        if n < 2 {
            return;
        }
        let mut pairs = std::mem::take(&mut self.scratch.pairs);
        pairs.clear();
        if self.config.use_grid {
            // The swept boxes as the sweep left them, in its order (by place), with
            // the ball index of each: the grid's counting sort then writes nearly
            // in sequence.
            let sweep = &self.scratch.sweep;
            self.ball_grid.rebuild(&sweep.boxes, &sweep.order);
            self.ball_grid
                .for_each_overlapping_pair(&sweep.boxes, &sweep.order, |i, j| pairs.push((i, j)));
            // Cells report pairs in cell order; resolve them by ball order instead, the
            // same order as the brute force, so both give the same game.
            pairs.sort_unstable();
        } else {
            let mut boxes = std::mem::take(&mut self.scratch.boxes);
            boxes.clear();
            boxes.extend(
                self.balls
                    .iter()
                    .zip(starts)
                    .map(|(b, &s)| swept_box(Circle::new(s, b.radius), b.position)),
            );
            // Every pair, filtered by the same boxes the grid uses, so both find the
            // same pairs.
            for i in 0..n {
                for j in i + 1..n {
                    if boxes[i].overlaps(&boxes[j]) {
                        pairs.push((i as u32, j as u32));
                    }
                }
            }
            self.scratch.boxes = boxes;
        }
        // A path stays straight until a contact, a replay or a separation bends it.
        let mut straight: Vec<bool> = contacts.iter().map(|&c| c == 0).collect();
        for &(i, j) in &pairs {
            self.collide_pair(i as usize, j as usize, starts, &mut straight, dt, events);
        }
        self.scratch.pairs = pairs;
    }

    fn collide_pair(
        &mut self,
        i: usize,
        j: usize,
        starts: &[Vec2],
        straight: &mut [bool],
        dt: f32,
        events: &mut Vec<Event>,
    ) {
        let (a, b) = (self.balls[i], self.balls[j]);
        let reach = a.radius + b.radius;
        let motion_a = a.position - starts[i];
        let motion_b = b.position - starts[j];
        let hit = cast_circle_circle(
            Circle::new(starts[i], a.radius),
            motion_a - motion_b,
            Circle::new(starts[j], b.radius),
        );
        let overlapping_at_end = a.position.distance_squared(b.position) < reach * reach;
        if hit.is_none() && !overlapping_at_end {
            return;
        }
        if let Some(hit) = hit {
            let (va, vb) = exchange(a.velocity, b.velocity, hit.normal);
            let (va, vb) = (
                limit_velocity(va, &self.config),
                limit_velocity(vb, &self.config),
            );
            self.balls[i].velocity = va;
            self.balls[j].velocity = vb;
            let contact_a = starts[i] + motion_a * hit.toi;
            let contact_b = starts[j] + motion_b * hit.toi;
            if straight[i] && straight[j] && hit.toi > 0.0 {
                // Straight paths: replay the rest of the step from the contact.
                // The moving shapes are still in their glide (the step places
                // them after the pairs), so each is met where it is from the
                // contact on, not where it will stand.
                let rest = dt * (1.0 - hit.toi);
                let during = (hit.toi, 1.0 - hit.toi);
                self.balls[i].position =
                    self.move_clipped_during(Circle::new(contact_a, a.radius), va * rest, during);
                self.balls[j].position =
                    self.move_clipped_during(Circle::new(contact_b, b.radius), vb * rest, during);
            }
            events.push(Event::BallTouchedBall {
                first: a.id,
                second: b.id,
                point: contact_b + hit.normal * b.radius,
            });
        }
        // Either way the balls no longer travel their straight lines.
        straight[i] = false;
        straight[j] = false;
        self.separate(i, j);
    }

    /// Moves two overlapping balls apart along the line between their centres, half
    /// each; a ball blocked by a shape hands its share to the other. This is the
    /// end of the step: a moving shape is met where its glide ends.
    fn separate(&mut self, i: usize, j: usize) {
        let end = (1.0, 0.0);
        let (a, b) = (self.balls[i], self.balls[j]);
        let gap = a.position - b.position;
        let overlap = a.radius + b.radius - gap.length();
        if overlap <= 0.0 {
            return;
        }
        let normal = gap.normalize_or(Vec2::X);
        let share = (overlap + CONTACT_SKIN) * 0.5;
        let new_a = self.move_clipped_during(a.circle(), normal * share, end);
        let short_a = share - (new_a - a.position).length();
        let new_b = self.move_clipped_during(b.circle(), -normal * (share + short_a), end);
        let short_b = share + short_a - (new_b - b.position).length();
        let new_a = if short_b > 0.0 {
            self.move_clipped_during(Circle::new(new_a, a.radius), normal * short_b, end)
        } else {
            new_a
        };
        self.balls[i].position = new_a;
        self.balls[j].position = new_b;
    }
}
