//! How a record's line fails to read: not known to this version, or known but
//! with a value that does not read. The two are kept alike but told apart, since
//! a record whose every line is bad is not this record at all (see `kept.rs`).

use std::fmt;

/// Why lines did not read (or a value could not be written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Error {
    /// A key, field or variant this version does not know: the text says which.
    Unknown(String),
    /// A value that does not read, or a shape the format has no lines for: why.
    Bad(String),
    /// A struct field no line named (and with no default): which. Reading over
    /// the record's defaults never meets it; a line probed alone does, and there
    /// it only says that the line's siblings are elsewhere.
    Missing(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unknown(what) => write!(f, "{what} is not known to this version"),
            Error::Bad(why) => f.write_str(why),
            Error::Missing(field) => write!(f, "missing field `{field}`"),
        }
    }
}

impl std::error::Error for Error {}

impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::Bad(msg.to_string())
    }

    fn unknown_field(field: &str, _expected: &'static [&'static str]) -> Self {
        Error::Unknown(format!("`{field}`"))
    }

    fn missing_field(field: &'static str) -> Self {
        Error::Missing(field)
    }

    fn unknown_variant(variant: &str, _expected: &'static [&'static str]) -> Self {
        Error::Unknown(format!("`{variant}`"))
    }
}

impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::Bad(msg.to_string())
    }
}
