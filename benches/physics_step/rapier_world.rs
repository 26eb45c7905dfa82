//! The same scene in rapier2d: every static shape of an arkanong `World` as a fixed
//! collider, every ball as a dynamic ball with CCD, at the same positions and
//! velocities, stepped with the same step length.
//!
//! Settings, all explicit: restitution 1 (combine rule Max, so every contact is
//! elastic), friction 0, no gravity, no damping, no sleeping. rapier2d 0.36 uses
//! glam 0.33 and we use 0.27, so vectors are converted at the edges.

use arkanong_core::physics::{Collider, World};
use glam::Vec2;
use rapier2d::prelude::{
    BroadPhaseBvh, CCDSolver, CoefficientCombineRule, ColliderBuilder, ColliderSet,
    ImpulseJointSet, IntegrationParameters, IslandManager, MultibodyJointSet, NarrowPhase,
    PhysicsPipeline, RigidBodyBuilder, RigidBodyHandle, RigidBodySet, SoftBodySet, Vector,
};

/// rapier's length unit, in our world units: a ball's diameter (rapier scales its
/// slop, prediction distance and speed cap by it; its docs ask for the size of a
/// typical object). With 1.0 its default speed cap of 400 units per second would
/// slow our balls.
const LENGTH_UNIT: f32 = 10.0;

/// A rapier world and the handle of each ball, in our ball order.
pub(crate) struct RapierWorld {
    params: IntegrationParameters,
    pipeline: PhysicsPipeline,
    islands: IslandManager,
    broad_phase: BroadPhaseBvh,
    narrow_phase: NarrowPhase,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    impulse_joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd: CCDSolver,
    balls: Vec<RigidBodyHandle>,
}

fn v(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

impl RapierWorld {
    /// `world`'s shapes and balls as they are now, to be stepped by `dt` seconds.
    pub(crate) fn mirror(world: &World, dt: f32) -> Self {
        let params = IntegrationParameters {
            dt,
            length_unit: LENGTH_UNIT,
            ..IntegrationParameters::default()
        };
        assert!(
            params.max_linear_velocity() > world.config().max_speed,
            "rapier's speed cap would slow the balls"
        );
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        for (_, shape) in world.shapes() {
            let Collider::Polygon(poly) = &shape.collider else {
                unreachable!("generated scenes have polygons only")
            };
            let aabb = poly.aabb();
            // Bricks and walls as rapier's own boxes, hexagons as convex polygons.
            let builder = if poly.vertices().len() == 4
                && poly.vertices().iter().all(|p| {
                    (p.x == aabb.min.x || p.x == aabb.max.x)
                        && (p.y == aabb.min.y || p.y == aabb.max.y)
                }) {
                let half = aabb.size() * 0.5;
                ColliderBuilder::cuboid(half.x, half.y).translation(v(aabb.center()))
            } else {
                let points: Vec<Vector> = poly.vertices().iter().map(|&p| v(p)).collect();
                ColliderBuilder::convex_hull(&points).expect("a convex polygon")
            };
            colliders.insert(builder.friction(0.0).restitution(1.0));
        }
        let balls = world
            .balls()
            .iter()
            .map(|b| {
                let body = bodies.insert(
                    RigidBodyBuilder::dynamic()
                        .translation(v(b.position))
                        .linvel(v(b.velocity))
                        .linear_damping(0.0)
                        .angular_damping(0.0)
                        .can_sleep(false)
                        .ccd_enabled(true),
                );
                colliders.insert_with_parent(
                    ColliderBuilder::ball(b.radius)
                        .friction(0.0)
                        .restitution(1.0)
                        .restitution_combine_rule(CoefficientCombineRule::Max),
                    body,
                    &mut bodies,
                );
                body
            })
            .collect();
        Self {
            params,
            pipeline: PhysicsPipeline::new(),
            islands: IslandManager::new(),
            broad_phase: BroadPhaseBvh::new(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            soft_bodies: SoftBodySet::new(),
            ccd: CCDSolver::new(),
            balls,
        }
    }

    /// One step of `dt`, without gravity.
    pub(crate) fn step(&mut self) {
        self.pipeline.step(
            Vector::ZERO,
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.impulse_joints,
            &mut self.multibody_joints,
            &mut self.soft_bodies,
            &mut self.ccd,
            &(),
            &(),
        );
    }

    /// Each ball's centre, in our ball order.
    pub(crate) fn ball_centres(&self) -> impl Iterator<Item = Vec2> + '_ {
        self.balls.iter().map(|&h| {
            let t = self.bodies[h].translation();
            Vec2::new(t.x, t.y)
        })
    }
}
