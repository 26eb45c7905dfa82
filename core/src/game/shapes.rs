//! The table of what each shape in the game's world is: a wall, a brick, a barrier
//! or a shield. Every shape enters through `Game::add_shape`, which adds it to the
//! world and records its role under the same id, so the two always agree and no
//! other code needs to know how many walls there are or which ids are bricks.

use super::Game;
use crate::geom::{ConvexPolygon, Rect};
use crate::level::{BrickKind, PowerUp, Side};
use crate::physics::{Collider, ShapeId, StaticShape};

/// A brick in play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrickState {
    /// Its rectangle.
    pub rect: Rect,
    /// What kind of brick it is, as the level file said (its points, whether it
    /// counts toward clearing, its colour).
    pub kind: BrickKind,
    /// Hits still needed to break it; `None` if it never breaks.
    pub hits_left: Option<u8>,
    /// The capsule it drops.
    pub power_up: Option<PowerUp>,
}

/// What a static shape in the game is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ShapeRole {
    /// An arena wall: the two sides, and the top in solo.
    Wall,
    /// A brick, breakable or not.
    Brick(BrickState),
    /// A barrier from the level (hexagon and friends); it never breaks.
    Barrier,
    /// A player's shield on their goal line, while the power-up lasts.
    Shield(Side),
}

impl Game {
    /// Adds a shape to the world and records what it is. The only way a shape
    /// enters the game, and the only place the table grows.
    pub(super) fn add_shape(&mut self, shape: StaticShape, role: ShapeRole) -> ShapeId {
        let id = self.world.add_shape(shape);
        self.set_role(id, role);
        id
    }

    /// Records what shape `id` is: for a shape the world added itself (a moving
    /// barrier, `moving.rs`), and for `add_shape`.
    pub(super) fn set_role(&mut self, id: ShapeId, role: ShapeRole) {
        let slot = id.0 as usize;
        if self.roles.len() <= slot {
            self.roles.resize(slot + 1, None);
        }
        self.roles[slot] = Some(role);
    }

    /// Takes a shape out of the world and the table (a brick breaks, a shield
    /// ends), returning what it was.
    pub(super) fn remove_shape(&mut self, id: ShapeId) -> Option<ShapeRole> {
        self.world.remove_shape(id);
        self.roles.get_mut(id.0 as usize)?.take()
    }

    /// What a shape is, to change it (a brick cracks).
    pub(super) fn shape_role_mut(&mut self, id: ShapeId) -> Option<&mut ShapeRole> {
        self.roles.get_mut(id.0 as usize)?.as_mut()
    }

    /// What a shape is, if it is still in play.
    pub fn shape_role(&self, id: ShapeId) -> Option<&ShapeRole> {
        self.roles.get(id.0 as usize)?.as_ref()
    }

    /// Every shape in play with what it is, in id order (for drawing).
    pub fn shapes(&self) -> impl Iterator<Item = (ShapeId, &StaticShape, &ShapeRole)> {
        self.world
            .shapes()
            .filter_map(|(id, shape)| Some((id, shape, self.shape_role(id)?)))
    }

    /// The bricks still standing, in id order.
    pub fn bricks(&self) -> impl Iterator<Item = &BrickState> {
        self.roles.iter().filter_map(|role| match role {
            Some(ShapeRole::Brick(brick)) => Some(brick),
            _ => None,
        })
    }

    /// The brick whose shape this is, if it is a brick still standing.
    pub fn brick(&self, shape: ShapeId) -> Option<&BrickState> {
        match self.shape_role(shape)? {
            ShapeRole::Brick(brick) => Some(brick),
            _ => None,
        }
    }

    /// How many bricks that count toward clearing the level are left.
    pub fn breakable_left(&self) -> usize {
        self.bricks()
            .filter(|b| b.kind.counts_toward_clearing())
            .count()
    }
}

/// A rectangle as a static shape: walls, bricks and shields.
pub(super) fn rect_shape(rect: Rect, counts_as_progress: bool) -> StaticShape {
    StaticShape {
        collider: Collider::Polygon(ConvexPolygon::from_rect(rect)),
        counts_as_progress,
    }
}
