//! Reading a record's lines into a value (the format is described in `mod.rs`).

use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::{forward_to_deserialize_any, Deserialize};

use super::Error;

/// Reads a record from its lines (trimmed, none blank): a struct from
/// `key = value` lines, a list from tab-separated rows.
pub(crate) fn from_lines<'a, T: Deserialize<'a>>(lines: &[&'a str]) -> Result<T, Error> {
    #[cfg(test)]
    LINES_READ.with(|n| n.set(n.get() + lines.len() as u64));
    T::deserialize(Record(lines))
}

#[cfg(test)]
// A test-only work counter: no setting or game state.
thread_local! {
    /// Lines handed to [`from_lines`] on this thread: the work a read does,
    /// counted by the tests that keep reading linear (each test has its thread).
    static LINES_READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Lines [`from_lines`] has been handed on this thread so far.
#[cfg(test)]
pub(crate) fn lines_read() -> u64 {
    LINES_READ.with(std::cell::Cell::get)
}

/// A whole record: what it is read as decides how its lines split.
struct Record<'l, 'a>(&'l [&'a str]);

impl<'de> de::Deserializer<'de> for Record<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(Error::Bad(
            "a record is read as a struct or a list of rows".into(),
        ))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let entries = self
            .0
            .iter()
            .map(|line| match line.split_once('=') {
                Some((k, v)) => Ok((k.trim(), v.trim())),
                None => Err(Error::Bad("not a `key = value` line".into())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Table(entries).deserialize_struct(name, fields, visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(Each(self.0.iter().copied(), Row))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 char str string bytes byte_buf
        option unit unit_struct tuple tuple_struct map enum identifier ignored_any
    }
}

/// The `key = value` entries of a struct or map (keys after a prefix field's dot).
struct Table<'a>(Vec<(&'a str, &'a str)>);

/// The field a key belongs to, and the key inside it: the field named exactly
/// (not ending in a dot), or a prefix field (ending in one) the key starts with.
fn field_of<'a>(fields: &[&'static str], key: &'a str) -> Option<(&'static str, &'a str)> {
    let exact = fields.iter().find(|f| !f.ends_with('.') && **f == key);
    let prefix = || {
        fields
            .iter()
            .find(|f| f.ends_with('.') && key.len() > f.len() && key.starts_with(**f))
    };
    let field = exact.or_else(prefix)?;
    Some((
        field,
        if field.ends_with('.') {
            &key[field.len()..]
        } else {
            key
        },
    ))
}

impl<'de> de::Deserializer<'de> for Table<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut found: Vec<(&'static str, Vec<(&str, &str)>)> = Vec::new();
        for (key, value) in self.0 {
            let (field, inner) = field_of(fields, key).ok_or(Error::Unknown(format!("`{key}`")))?;
            match found.iter_mut().find(|(f, _)| *f == field) {
                Some((_, entries)) => entries.push((inner, value)),
                None => found.push((field, vec![(inner, value)])),
            }
        }
        visitor.visit_map(Fields(found.into_iter(), None))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
        for (key, value) in self.0 {
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, values)) => values.push(value),
                None => groups.push((key, vec![value])),
            }
        }
        visitor.visit_map(Keys(groups.into_iter(), None))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct enum identifier ignored_any
    }
}

/// A struct's fields: each field's entries, a prefix field's as a nested table.
struct Fields<'a, I>(I, Option<(&'static str, Vec<(&'a str, &'a str)>)>);

impl<'de, I: Iterator<Item = (&'static str, Vec<(&'de str, &'de str)>)>> MapAccess<'de>
    for Fields<'de, I>
{
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((field, entries)) = self.0.next() else {
            return Ok(None);
        };
        self.1 = Some((field, entries));
        let name: StrDeserializer<'_, Error> = field.into_deserializer();
        seed.deserialize(name).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let (field, entries) = self
            .1
            .take()
            .ok_or(Error::Bad("a value without a key".into()))?;
        if field.ends_with('.') {
            seed.deserialize(Table(entries))
        } else {
            seed.deserialize(Leaf(entries.into_iter().map(|(_, v)| v).collect()))
        }
    }
}

/// A map's keys, each with the values of its lines.
struct Keys<'a, I>(I, Option<Vec<&'a str>>);

impl<'de, I: Iterator<Item = (&'de str, Vec<&'de str>)>> MapAccess<'de> for Keys<'de, I> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, values)) = self.0.next() else {
            return Ok(None);
        };
        self.1 = Some(values);
        let key: StrDeserializer<'_, Error> = key.into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let values = self
            .1
            .take()
            .ok_or(Error::Bad("a value without a key".into()))?;
        seed.deserialize(Leaf(values))
    }
}

/// The values of one key's lines (at least one): a list takes them all, any
/// other value the last.
struct Leaf<'a>(Vec<&'a str>);

/// Leaf methods that read the last line's value alone.
macro_rules! from_last {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
            Value(self.0.last().copied().unwrap_or_default()).$method($($arg,)* visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Leaf<'de> {
    type Error = Error;

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(Each(self.0.into_iter(), Value))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    from_last! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16()
        deserialize_i32() deserialize_i64() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_f32() deserialize_f64()
        deserialize_char() deserialize_str() deserialize_string() deserialize_bytes()
        deserialize_byte_buf() deserialize_unit() deserialize_unit_struct(name: &'static str)
        deserialize_tuple(len: usize) deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map() deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier() deserialize_ignored_any()
    }
}

/// A list's elements, each read by the wrapper `.1` (a value, or a row).
struct Each<I, W>(I, W);

impl<'de, D, I, W> SeqAccess<'de> for Each<I, W>
where
    I: Iterator<Item = &'de str>,
    W: Fn(&'de str) -> D,
    D: de::Deserializer<'de, Error = Error>,
{
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|part| seed.deserialize((self.1)(part)))
            .transpose()
    }
}

/// One line of a list record: fields separated by tabs.
struct Row<'a>(&'a str);

impl<'de> Row<'de> {
    /// Its fields, when it has no more than `most` (more are a newer version's).
    fn fields<V: Visitor<'de>>(self, most: usize, visitor: V) -> Result<V::Value, Error> {
        let n = self.0.split('\t').count();
        if n > most {
            return Err(Error::Unknown(format!("a row of {n} fields")));
        }
        visitor.visit_seq(Each(self.0.split('\t'), Value))
    }
}

impl<'de> de::Deserializer<'de> for Row<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.fields(usize::MAX, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.fields(fields.len(), visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.fields(len, visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple_struct map enum identifier
        ignored_any
    }
}

/// One value's text: a number, `true` or `false`, a variant's name, a string,
/// or a tuple's parts separated by spaces (the last taking the rest).
struct Value<'a>(&'a str);

/// Value methods that parse a number.
macro_rules! numbers {
    ($($method:ident $ty:ty => $visit:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let text = self.0.trim();
            match text.parse::<$ty>() {
                Ok(n) => visitor.$visit(n),
                Err(_) => Err(Error::Bad(format!("`{text}` is not a number"))),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Value<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.0)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.trim() {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(Error::Bad(format!("`{other}` is not true or false"))),
        }
    }

    numbers! {
        deserialize_i8 i8 => visit_i8 deserialize_i16 i16 => visit_i16
        deserialize_i32 i32 => visit_i32 deserialize_i64 i64 => visit_i64
        deserialize_u8 u8 => visit_u8 deserialize_u16 u16 => visit_u16
        deserialize_u32 u32 => visit_u32 deserialize_u64 u64 => visit_u64
        deserialize_f32 f32 => visit_f32 deserialize_f64 f64 => visit_f64
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        let mut parts = Vec::with_capacity(len);
        let mut rest = self.0;
        for _ in 1..len {
            let Some((part, more)) = rest.split_once(' ') else {
                let why = format!("`{}` is not {len} values separated by spaces", self.0);
                return Err(Error::Bad(why));
            };
            parts.push(part);
            rest = more;
        }
        parts.push(rest);
        visitor.visit_seq(Each(parts.into_iter(), Value))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let variant: StrDeserializer<'_, Error> = self.0.trim().into_deserializer();
        visitor.visit_enum(variant)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit_struct seq map struct identifier
    }
}
