//! The editor's palette as data: each button, what it does, and its label. The
//! shell lays the rows out and draws them; the keys are listed in docs/levels-and-editor.md.

use crate::level::BrickKind;

use super::{Paint, Resize};

/// What a press on the level does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Paint brick cells.
    Brick(Paint),
    /// Cycle the capsule a brick drops.
    Capsule,
    /// Place a hexagon.
    Hexagon,
    /// Place a rect.
    Rect,
    /// Place a polygon (its corners can then be dragged).
    Polygon,
    /// Place a segment (drag its ends).
    Segment,
    /// Stage a ball; drag to set its velocity arrow.
    Ball,
    /// Pick, move, turn and resize barriers and balls.
    Select,
}

/// A palette button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// Choose a tool.
    Tool(Tool),
    /// Undo (Ctrl+Z).
    Undo,
    /// Redo (Ctrl+Y).
    Redo,
    /// Save (Ctrl+S).
    Save,
    /// Snap to grid (G).
    Snap,
    /// Mirror left-right (M).
    MirrorLeftRight,
    /// Mirror top-bottom (Shift+M).
    MirrorTopBottom,
    /// Delete the selection (Delete).
    Delete,
    /// Show or hide the settings form (Tab).
    Settings,
    /// Test-play versus the CPU (P).
    PlayVersus,
    /// Test-play solo (Shift+P).
    PlaySolo,
    /// Test-play two players on one keyboard (Ctrl+P).
    PlayTwo,
    /// Resize the brick grid at one edge (Ctrl+arrow keys: Down/Up add/remove a
    /// row at the bottom, Right/Left a column at the right; with Shift, Up/Down
    /// add/remove a row at the top, Left/Right a column at the left).
    Grid(Resize),
    /// Download the level as a `.txt` file (in the browser).
    Export,
    /// Replace the level with text from the clipboard (paste a level's text).
    Import,
    /// Replace the level with a `.txt` file the user picks (in the browser).
    OpenFile,
    /// Leave the editor for the title (Esc): the way out by touch.
    Back,
    /// Share the level with every player (the Community screen's Share page).
    Share,
    /// Show or hide the set page: save into one of the player's sets, reorder
    /// it, test-play it, export it (L).
    Sets,
}

/// The palette, row by row.
pub fn palette() -> [Vec<Button>; 2] {
    // A brush for every kind of brick, in the kinds' own order.
    let mut bricks: Vec<Button> = (BrickKind::ALL.into_iter())
        .map(|k| Button::Tool(Tool::Brick(Paint::Brick(k))))
        .collect();
    bricks.extend([
        Button::Tool(Tool::Brick(Paint::Empty)),
        Button::Tool(Tool::Capsule),
        Button::Tool(Tool::Select),
        Button::Tool(Tool::Hexagon),
        Button::Tool(Tool::Rect),
        Button::Tool(Tool::Polygon),
        Button::Tool(Tool::Segment),
        Button::Tool(Tool::Ball),
    ]);
    let mut actions = vec![
        Button::Back,
        Button::Undo,
        Button::Redo,
        Button::Save,
        Button::Sets,
        Button::Snap,
        Button::MirrorLeftRight,
        Button::MirrorTopBottom,
        Button::Delete,
        Button::Settings,
        Button::PlayVersus,
        Button::PlaySolo,
        Button::PlayTwo,
        Button::Grid(Resize::AddRowTop),
        Button::Grid(Resize::RemoveRowTop),
        Button::Grid(Resize::AddRow),
        Button::Grid(Resize::RemoveRow),
        Button::Grid(Resize::AddColumnLeft),
        Button::Grid(Resize::RemoveColumnLeft),
        Button::Grid(Resize::AddColumn),
        Button::Grid(Resize::RemoveColumn),
        Button::Import,
    ];
    // The gallery lives in `arkanong server` (online play's feature).
    if cfg!(feature = "online") {
        actions.push(Button::Share);
    }
    // Desktop levels are files already; the browser's need a way out.
    if cfg!(target_arch = "wasm32") {
        actions.extend([Button::OpenFile, Button::Export]);
    }
    [bricks, actions]
}

impl Button {
    /// The label drawn on the button.
    pub fn label(self) -> String {
        match self {
            Self::Tool(Tool::Brick(Paint::Empty)) => "empty".to_owned(),
            Self::Tool(Tool::Brick(Paint::Brick(kind))) => kind.name(),
            Self::Tool(Tool::Capsule) => "cap".to_owned(),
            Self::Tool(Tool::Hexagon) => "hex".to_owned(),
            Self::Tool(Tool::Rect) => "rect".to_owned(),
            Self::Tool(Tool::Polygon) => "poly".to_owned(),
            Self::Tool(Tool::Segment) => "seg".to_owned(),
            Self::Tool(Tool::Ball) => "ball".to_owned(),
            Self::Tool(Tool::Select) => "select".to_owned(),
            Self::Undo => "undo".to_owned(),
            Self::Redo => "redo".to_owned(),
            Self::Save => "save".to_owned(),
            Self::Snap => "snap".to_owned(),
            Self::MirrorLeftRight => "mirror <>".to_owned(),
            Self::MirrorTopBottom => "mirror ^v".to_owned(),
            Self::Delete => "delete".to_owned(),
            Self::Settings => "settings".to_owned(),
            Self::PlayVersus => "play vs".to_owned(),
            Self::PlaySolo => "play solo".to_owned(),
            Self::PlayTwo => "play 2p".to_owned(),
            Self::Grid(Resize::AddRowTop) => "+ top row".to_owned(),
            Self::Grid(Resize::RemoveRowTop) => "- top row".to_owned(),
            Self::Grid(Resize::AddRow) => "+ bottom row".to_owned(),
            Self::Grid(Resize::RemoveRow) => "- bottom row".to_owned(),
            Self::Grid(Resize::AddColumnLeft) => "+ left col".to_owned(),
            Self::Grid(Resize::RemoveColumnLeft) => "- left col".to_owned(),
            Self::Grid(Resize::AddColumn) => "+ right col".to_owned(),
            Self::Grid(Resize::RemoveColumn) => "- right col".to_owned(),
            Self::Export => "export".to_owned(),
            Self::Import => "import".to_owned(),
            Self::OpenFile => "open .txt".to_owned(),
            Self::Back => "< back".to_owned(),
            Self::Share => "share".to_owned(),
            Self::Sets => "sets".to_owned(),
        }
    }
}

/// The settings the form shows, in file order: the format's own list.
pub use crate::level::SETTING_KEYS;
