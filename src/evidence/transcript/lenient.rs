//! Typed record fields that borrow from the line and take any JSON shape, for readers that
//! deserialize records into structs instead of a `serde_json::Value` per record (issue 19).
//!
//! A transcript field of an unexpected shape (a number where a string was expected, an object
//! where an array was) must not cost the whole record: each type here reads the shape it knows
//! and skips any other unread (`IgnoredAny`), reading as absent, exactly as `str_field` /
//! `Value::as_bool` / [`super::input::content_text`] read a `Value`. Fields a struct does not
//! name are skipped unread too, so a record costs about an `IgnoredAny` scan plus the fields
//! kept.

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;

/// Skips the rest of a sequence or map unread.
fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Implements the visitor methods of every JSON shape a lenient type does not take: the value
/// is skipped and reads as `$none`.
macro_rules! other_shapes_are {
    ($none:expr; $($skip:ident),*) => {
        $(other_shapes_are!(@one $skip, $none);)*
    };
    (@one bool, $none:expr) => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> { Ok($none) }
    };
    (@one num, $none:expr) => {
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> { Ok($none) }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> { Ok($none) }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> { Ok($none) }
    };
    (@one unit, $none:expr) => {
        fn visit_unit<E>(self) -> Result<Self::Value, E> { Ok($none) }
        fn visit_none<E>(self) -> Result<Self::Value, E> { Ok($none) }
    };
    (@one str, $none:expr) => {
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> { Ok($none) }
    };
    (@one seq, $none:expr) => {
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            drain_seq(seq)?;
            Ok($none)
        }
    };
    (@one map, $none:expr) => {
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            drain_map(map)?;
            Ok($none)
        }
    };
}

/// Declares a record struct read leniently: each named key is read into its field (every field
/// type must be lenient, see above), any other key is skipped unread, and a repeated key is read
/// again, the last one winning as in a `Value` (a derived `Deserialize` would reject the whole
/// record for a duplicate field). Missing keys leave the field's `Default`.
macro_rules! lenient_struct {
    (
        $(#[$meta:meta])*
        struct $name:ident<$lt:lifetime> {
            $( $(#[$fmeta:meta])* $key:literal => $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Default)]
        struct $name<$lt> {
            $( $(#[$fmeta])* $field: $ty, )*
        }

        impl<'de: $lt, $lt> serde::Deserialize<'de> for $name<$lt> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = $name<'de>;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str(concat!("a ", stringify!($name), " object"))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<Self::Value, A::Error> {
                        let mut out = $name::default();
                        while let Some(key) = map.next_key::<$crate::evidence::transcript::lenient::Str<'de>>()? {
                            match key.get().unwrap_or("") {
                                $( $key => out.$field = map.next_value()?, )*
                                _ => {
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                }
                            }
                        }
                        Ok(out)
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
}
pub(crate) use lenient_struct;

/// A string field: the string (borrowed from the line when it has no escapes), or `None` for
/// any other value (`str_field`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Str<'a>(pub Option<Cow<'a, str>>);

impl<'a> Str<'a> {
    /// The string, if the field was one.
    pub(crate) fn get(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Str<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Option<Cow<'de, str>>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Some(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Some(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
                Ok(Some(Cow::Owned(v)))
            }
            other_shapes_are!(None; bool, num, unit, seq, map);
        }
        d.deserialize_any(V).map(Str)
    }
}

/// A string field that is read only now and then, held as its JSON text and unescaped only when
/// read ([`LazyStr::get`]): reads as [`Str`] does. A Codex `exec_command_end` repeats the call's
/// output, which came before it, in up to three fields (`aggregated_output`, `stdout`,
/// `stderr`); scanning a string costs most of what unescaping it does, so holding them
/// unescaped saves little (1.3% of reading 10 MB of Codex) but copies nothing that is dropped.
/// Only for `serde_json` read from a `&str` (every reader here): the JSON text is borrowed.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct LazyStr<'a>(Option<&'a serde_json::value::RawValue>);

impl<'a> LazyStr<'a> {
    /// The string, unescaped, if the field was one.
    pub(crate) fn get(&self) -> Option<Cow<'a, str>> {
        let json = self.0?.get();
        serde_json::from_str::<Str<'a>>(json).ok().and_then(|s| s.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for LazyStr<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Scanned, not unescaped: the raw value borrows the line's text of any JSON value.
        let raw = <&'de serde_json::value::RawValue>::deserialize(d)?;
        Ok(LazyStr(raw.get().starts_with('"').then_some(raw)))
    }
}

/// A boolean field: `Some` only for `true`/`false` (`Value::as_bool`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bool(pub Option<bool>);

impl<'de> Deserialize<'de> for Bool {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Option<bool>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
                Ok(Some(v))
            }
            other_shapes_are!(None; num, unit, str, seq, map);
        }
        d.deserialize_any(V).map(Bool)
    }
}

/// An integer field: `Some` for a JSON integer (`Value::as_i64` decides the range at use); a
/// float or any other value is `None`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Int(pub Option<i128>);

impl Int {
    /// `Value::as_i64`.
    pub(crate) fn as_i64(self) -> Option<i64> {
        self.0.and_then(|n| i64::try_from(n).ok())
    }

    /// `Value::as_u64`.
    pub(crate) fn as_u64(self) -> Option<u64> {
        self.0.and_then(|n| u64::try_from(n).ok())
    }
}

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Option<i128>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
                Ok(Some(v.into()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
                Ok(Some(v.into()))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(None)
            }
            other_shapes_are!(None; bool, unit, str, seq, map);
        }
        d.deserialize_any(V).map(Int)
    }
}

/// An object field read into `T`: `None` for any other value (`Value::get` on a non-object
/// finds nothing). `T`'s own fields must be lenient, so that reading it never fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Obj<T>(pub Option<T>);

impl<T> Default for Obj<T> {
    fn default() -> Self {
        Obj(None)
    }
}

impl<T> Obj<T> {
    /// The object, if the field was one.
    pub(crate) fn get(&self) -> Option<&T> {
        self.0.as_ref()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Obj<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Option<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Some)
            }
            other_shapes_are!(None; bool, num, unit, str, seq);
        }
        d.deserialize_any(V(std::marker::PhantomData)).map(Obj)
    }
}

/// A field whose absence differs from a `null` (`Value::get` finds a `null`; `Option` would
/// read it as absent): `Some` whenever the key is there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Given<T>(pub Option<T>);

impl<T> Default for Given<T> {
    fn default() -> Self {
        Given(None)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Given<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(|t| Given(Some(t)))
    }
}

/// A field that is a string, an array, or an object read into `T` (a Claude Code message
/// `content`: a string, or an array of blocks that are objects or strings); any other value is
/// [`Node::Other`]. `T`'s own fields must be lenient, so that reading it never fails.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) enum Node<'a, T> {
    /// A string.
    Str(Cow<'a, str>),
    /// An array of values.
    Array(Vec<Node<'a, T>>),
    /// An object.
    Obj(T),
    /// Any other value (or none).
    #[default]
    Other,
}

impl<'de: 'a, 'a, T: Deserialize<'de>> Deserialize<'de> for Node<'a, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Node<'de, T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Node::Str(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Node::Str(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
                Ok(Node::Str(Cow::Owned(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Node<'de, T>>()? {
                    items.push(item);
                }
                Ok(Node::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Node::Obj)
            }
            other_shapes_are!(Node::Other; bool, num, unit);
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// A free-shaped text field (`content`, `output`, an argv): the shapes
/// [`super::input::content_text`] reads, kept borrowed; anything else is [`Content::Other`].
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) enum Content<'a> {
    /// A string.
    Str(Cow<'a, str>),
    /// An array of values.
    Array(Vec<Content<'a>>),
    /// An object: of its fields, the string `text` and the `content`.
    Obj {
        text: Option<Cow<'a, str>>,
        content: Option<Box<Content<'a>>>,
    },
    /// Any other value (or none).
    #[default]
    Other,
}

impl<'de: 'a, 'a> Deserialize<'de> for Content<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Content<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Content::Str(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Content::Str(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
                Ok(Content::Str(Cow::Owned(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Content<'de>>()? {
                    items.push(item);
                }
                Ok(Content::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let (mut text, mut content) = (None, None);
                // `Str` borrows the key (a `Cow<str>` key would be copied into a `String`).
                while let Some(key) = map.next_key::<Str<'de>>()? {
                    match key.get().unwrap_or("") {
                        // The last of a repeated key wins, as in a `Value`.
                        "text" => text = map.next_value::<Str<'de>>()?.0,
                        "content" => content = Some(Box::new(map.next_value::<Content<'de>>()?)),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(Content::Obj { text, content })
            }
            other_shapes_are!(Content::Other; bool, num, unit);
        }
        d.deserialize_any(V)
    }
}

impl Content<'_> {
    /// The string, if the value was one.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Content::Str(s) => Some(s),
            _ => None,
        }
    }

    /// [`super::input::content_text`] of this value: a string, or the `text` of an array of
    /// parts (nested `content` arrays included), joined with newlines.
    pub(crate) fn text(&self) -> Cow<'_, str> {
        match self {
            Content::Str(s) => Cow::Borrowed(s),
            Content::Array(items) => Cow::Owned(join_parts(items.iter().map(|item| match item {
                Content::Str(s) => Cow::Borrowed(s.as_ref()),
                Content::Obj {
                    text: Some(t),
                    content: _,
                } => Cow::Borrowed(t.as_ref()),
                Content::Obj {
                    text: None,
                    content: Some(c),
                } => c.text(),
                _ => Cow::Borrowed(""),
            }))),
            _ => Cow::Borrowed(""),
        }
    }
}

/// The parts of an array of content joined with newlines, empty parts left out (how
/// [`super::input::content_text`] joins them).
pub(crate) fn join_parts<'p>(parts: impl Iterator<Item = Cow<'p, str>>) -> String {
    let mut out = String::new();
    for part in parts {
        if !part.is_empty() {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&part);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Rec<'a> {
        #[serde(borrow)]
        s: Str<'a>,
        b: Bool,
        n: Int,
        o: Obj<Inner<'a>>,
        #[serde(borrow)]
        c: Content<'a>,
    }

    #[derive(Deserialize, Default, Debug, PartialEq)]
    #[serde(default)]
    struct Inner<'a> {
        #[serde(borrow)]
        x: Str<'a>,
    }

    fn rec(json: &str) -> Rec<'_> {
        serde_json::from_str(json).expect("lenient record")
    }

    #[test]
    fn each_field_reads_its_shape_and_any_other_as_absent() {
        let r = rec(r#"{"s":"a","b":true,"n":-3,"o":{"x":"y","z":[1]},"c":"t","u":{"k":1}}"#);
        assert!(matches!(r.s.0, Some(Cow::Borrowed("a"))));
        assert_eq!(r.b.0, Some(true));
        assert_eq!(r.n.as_i64(), Some(-3));
        assert_eq!(r.o.get().and_then(|o| o.x.get()), Some("y"));
        assert_eq!(r.c.text(), "t");
        // Every field of another shape: the record still reads, the fields are absent.
        let r = rec(r#"{"s":[1,{"a":2}],"b":"true","n":1.5,"o":"x","c":{"text":"t"}}"#);
        assert_eq!((r.s.get(), r.b.0, r.n.0), (None, None, None));
        assert!(r.o.get().is_none());
        assert_eq!(r.c.text(), "");
        // A string with escapes is unescaped (owned).
        assert_eq!(rec(r#"{"s":"a\nb"}"#).s.get(), Some("a\nb"));
        assert_eq!(rec(r#"{"n":18446744073709551615}"#).n.as_i64(), None);
    }

    #[test]
    fn a_lazy_string_reads_as_a_string_field() {
        #[derive(Deserialize, Default)]
        #[serde(default)]
        struct Lazy<'a> {
            #[serde(borrow)]
            s: LazyStr<'a>,
        }
        for json in [
            r#"{"s":"a"}"#,
            r#"{"s":"a\nb \u00e9 \"q\""}"#,
            r#"{"s":""}"#,
            r#"{"s":[1,{"a":"b"}]}"#,
            r#"{"s":null}"#,
            r#"{"s":5}"#,
            r#"{"t":"x"}"#,
        ] {
            let lazy: Lazy = serde_json::from_str(json).unwrap();
            assert_eq!(lazy.s.get().as_deref(), rec(json).s.get(), "{json}");
        }
        // Borrowed when there is nothing to unescape.
        let lazy: Lazy = serde_json::from_str(r#"{"s":"plain"}"#).unwrap();
        assert!(matches!(lazy.s.get(), Some(Cow::Borrowed("plain"))));
    }

    lenient_struct! {
        struct Pair<'a> {
            "x" => x: Str<'a>,
            "n" => n: Int,
        }
    }

    #[test]
    fn node_and_lenient_struct_read_any_shape_and_repeated_keys() {
        let n: Node<Pair> =
            serde_json::from_str(r#"["a",{"x":"b","n":[1],"x":"c","y":{}},1,[null]]"#).unwrap();
        let Node::Array(items) = n else {
            panic!("an array")
        };
        assert!(matches!(&items[0], Node::Str(s) if s == "a"));
        // The last of a repeated key wins; a field of another shape is absent.
        let Node::Obj(pair) = &items[1] else {
            panic!("an object")
        };
        assert_eq!((pair.x.get(), pair.n.0), (Some("c"), None));
        assert!(matches!(&items[2], Node::Other));
        assert!(matches!(&items[3], Node::Array(a) if matches!(a[..], [Node::Other])));
        assert!(matches!(
            serde_json::from_str::<Node<Pair>>("true").unwrap(),
            Node::Other
        ));
    }

    #[test]
    fn content_text_is_the_value_readers_content_text() {
        for json in [
            r#""plain""#,
            r#"[{"type":"text","text":"a"},"b",{"content":[{"text":"c"},{"text":""}]},3,[{"text":"x"}],{"text":5,"content":"d"}]"#,
            r#"{"text":"t"}"#,
            "null",
            "[]",
        ] {
            let value: serde_json::Value = serde_json::from_str(json).unwrap();
            let typed: Content = serde_json::from_str(json).unwrap();
            assert_eq!(
                typed.text(),
                super::super::input::content_text(&value),
                "{json}"
            );
        }
    }
}
