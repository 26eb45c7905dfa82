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
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unknown(what) => write!(f, "{what} is not known to this version"),
            Error::Bad(why) => f.write_str(why),
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

    fn unknown_variant(variant: &str, _expected: &'static [&'static str]) -> Self {
        Error::Unknown(format!("`{variant}`"))
    }
}

impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::Bad(msg.to_string())
    }
}
