//! Writing a value as a record's lines (the format is described in `mod.rs`).

use serde::ser::{self, Impossible, Serialize, Serializer};

use super::text::{Parts, Text};
use super::Error;

/// The record's text: a struct as `key = value` lines, a list as rows.
pub(crate) fn to_text<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = String::new();
    value.serialize(Lines {
        out: &mut out,
        key: String::new(),
    })?;
    Ok(out)
}

/// The lines of a value under `key`: empty for the record itself, ending in a
/// dot for a nested struct or map, else the key of a value's lines.
struct Lines<'o> {
    out: &'o mut String,
    key: String,
}

/// A value in a `key = value` line: tuple parts separated by spaces.
const SPACED: Text = Text { sep: ' ' };
/// A row of a list record: fields separated by tabs.
const ROW: Text = Text { sep: '\t' };

impl Lines<'_> {
    /// Writes `key = text`.
    fn line(self, text: &str) -> Result<(), Error> {
        if self.key.is_empty() || self.key.ends_with('.') {
            return Err(Error::Bad(format!("a value at `{}` has no key", self.key)));
        }
        self.out.push_str(&self.key);
        self.out.push_str(" = ");
        self.out.push_str(text);
        self.out.push('\n');
        Ok(())
    }

    /// The lines of field or map key `name` inside this struct or map.
    fn child(&mut self, name: &str) -> Result<Lines<'_>, Error> {
        if !self.key.is_empty() && !self.key.ends_with('.') {
            let why = format!("`{}` holds fields: rename it with a trailing dot", self.key);
            return Err(Error::Bad(why));
        }
        Ok(Lines {
            out: &mut *self.out,
            key: format!("{}{name}", self.key),
        })
    }
}

/// Lines methods for values written as one line through [`Text`].
macro_rules! one_line {
    ($($method:ident $ty:ty)*) => {$(
        fn $method(self, v: $ty) -> Result<(), Error> {
            let text = SPACED.$method(v)?;
            self.line(&text)
        }
    )*};
}

impl<'o> Serializer for Lines<'o> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Repeated<'o>;
    type SerializeTuple = OneLine<'o>;
    type SerializeTupleStruct = OneLine<'o>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = MapLines<'o>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Error>;

    one_line! {
        serialize_bool bool serialize_i8 i8 serialize_i16 i16 serialize_i32 i32
        serialize_i64 i64 serialize_u8 u8 serialize_u16 u16 serialize_u32 u32
        serialize_u64 u64 serialize_f32 f32 serialize_f64 f64 serialize_char char
        serialize_str &str serialize_bytes &[u8]
    }

    /// No value, no line: reading it back leaves the default.
    fn serialize_none(self) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.line(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(Error::Bad(format!("enum {name} has data: no lines for it")))
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Repeated<'o>, Error> {
        Ok(Repeated(self))
    }

    fn serialize_tuple(self, len: usize) -> Result<OneLine<'o>, Error> {
        Ok(OneLine(self, Parts::new(SPACED, len)))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<OneLine<'o>, Error> {
        Ok(OneLine(self, Parts::new(SPACED, len)))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(Error::Bad(format!("enum {name} has data: no lines for it")))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<MapLines<'o>, Error> {
        Ok(MapLines(self, None))
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(Error::Bad(format!("enum {name} has data: no lines for it")))
    }
}

impl ser::SerializeStruct for Lines<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self.child(name)?)
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// A list: its key once per element, or one row per element for the record.
struct Repeated<'o>(Lines<'o>);

impl ser::SerializeSeq for Repeated<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let lines = &mut self.0;
        if lines.key.is_empty() {
            let row = value.serialize(ROW)?;
            lines.out.push_str(&row);
            lines.out.push('\n');
            return Ok(());
        }
        value.serialize(Lines {
            out: &mut *lines.out,
            key: lines.key.clone(),
        })
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// A tuple: its parts on one line.
struct OneLine<'o>(Lines<'o>, Parts);

impl ser::SerializeTuple for OneLine<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeTuple::serialize_element(&mut self.1, value)
    }

    fn end(self) -> Result<(), Error> {
        self.0.line(&self.1.joined())
    }
}

impl ser::SerializeTupleStruct for OneLine<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeTuple::serialize_element(&mut self.1, value)
    }

    fn end(self) -> Result<(), Error> {
        self.0.line(&self.1.joined())
    }
}

/// A map: each key's value under the map's prefix and that key.
struct MapLines<'o>(Lines<'o>, Option<String>);

impl ser::SerializeMap for MapLines<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.1 = Some(key.serialize(SPACED)?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .1
            .take()
            .ok_or(Error::Bad("a map value without a key".into()))?;
        value.serialize(self.0.child(&key)?)
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}
