//! The level editor in the window: keys and pointer read into the app state's
//! `EditorInput`, drawing, the palette, test-play's effects.

mod draw;
mod loupe;
mod page_field;
mod palette;
mod play;
mod set_page;
mod settings_form;
mod window;

pub(crate) use window::EditorShell;
