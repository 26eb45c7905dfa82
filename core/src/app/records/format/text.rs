//! Writing one value as the text of one line: a scalar, or a tuple's (or a
//! row's) parts joined by a separator.

use serde::ser::{self, Impossible, Serialize};

use super::Error;

/// One value's text; its parts are joined by `sep` (a space in a `key = value`
/// line, a tab in a row).
#[derive(Clone, Copy)]
pub(super) struct Text {
    /// Between a tuple's or a row's parts.
    pub(super) sep: char,
}

impl Text {
    /// `s` as one part: a line break (or the tab that separates a row's fields)
    /// would end the part early when read back, so it becomes a space.
    fn clean(self, s: &str) -> String {
        let breaks: &[char] = if self.sep == '\t' {
            &['\n', '\r', '\t']
        } else {
            &['\n', '\r']
        };
        s.replace(breaks, " ")
    }

    fn not_one_value(what: &str) -> Error {
        Error::Bad(format!("{what} cannot be written as one value"))
    }
}

/// Text methods for values written as they print.
macro_rules! printed {
    ($($method:ident $ty:ty)*) => {$(
        fn $method(self, v: $ty) -> Result<String, Error> {
            Ok(v.to_string())
        }
    )*};
}

impl ser::Serializer for Text {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Parts;
    type SerializeTupleStruct = Parts;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Parts;
    type SerializeStructVariant = Impossible<String, Error>;

    printed! {
        serialize_bool bool serialize_i8 i8 serialize_i16 i16 serialize_i32 i32
        serialize_i64 i64 serialize_u8 u8 serialize_u16 u16 serialize_u32 u32
        serialize_u64 u64 serialize_f32 f32 serialize_f64 f64 serialize_char char
    }

    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(self.clean(v))
    }

    fn serialize_bytes(self, _: &[u8]) -> Result<String, Error> {
        Err(Self::not_one_value("bytes"))
    }

    fn serialize_none(self) -> Result<String, Error> {
        Ok(String::new())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<String, Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<String, Error> {
        Ok(String::new())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Error> {
        Ok(String::new())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, Error> {
        Ok(variant.to_owned())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<String, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Err(Self::not_one_value(name))
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(Self::not_one_value("a list"))
    }

    fn serialize_tuple(self, len: usize) -> Result<Parts, Error> {
        Ok(Parts::new(self, len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Parts, Error> {
        Ok(Parts::new(self, len))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(Self::not_one_value(name))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(Self::not_one_value("a map"))
    }

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Parts, Error> {
        Ok(Parts::new(self, len))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(Self::not_one_value(name))
    }
}

/// A tuple's or a row's parts, joined when done.
pub(super) struct Parts {
    text: Text,
    parts: Vec<String>,
}

impl Parts {
    pub(super) fn new(text: Text, len: usize) -> Self {
        Self {
            text,
            parts: Vec::with_capacity(len),
        }
    }

    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.parts.push(value.serialize(self.text)?);
        Ok(())
    }

    pub(super) fn joined(self) -> String {
        self.parts.join(&self.text.sep.to_string())
    }
}

impl ser::SerializeTuple for Parts {
    type Ok = String;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<String, Error> {
        Ok(self.joined())
    }
}

impl ser::SerializeTupleStruct for Parts {
    type Ok = String;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<String, Error> {
        Ok(self.joined())
    }
}

impl ser::SerializeStruct for Parts {
    type Ok = String;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<String, Error> {
        Ok(self.joined())
    }
}
