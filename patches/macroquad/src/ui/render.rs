mod mesh_rasterizer;
mod painter;

pub(crate) use mesh_rasterizer::render_command;
pub use mesh_rasterizer::{DrawList, Vertex};
pub(crate) use painter::{DrawCommand, ElementState, Painter};
