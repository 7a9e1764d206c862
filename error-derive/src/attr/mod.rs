//! Parses `#[agent(...)]` into [`AgentAttrs`]. One table, [`KEYS`], says where each
//! key is legal; a key at the wrong level, a duplicate, an unknown key or an unknown
//! value is recorded and parsing goes on, so that every mistake is reported at once.

mod value;

use proc_macro2::Span;
use syn::ext::IdentExt as _;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned as _;
use syn::{Attribute, LitStr, Path};

use self::value::{
    contract_value, flag, non_empty_str, optional_name, path_text, reported, set, setting,
    skip_value, status,
};
use crate::diagnostics::Diagnostics;
use crate::suggest;
use crate::vocabulary::{LogLevel, Origin, RecoveryAction, SameArguments, SideEffects};

/// Where an attribute is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// On an enum.
    Enum,
    /// On a variant of an enum.
    Variant,
    /// On a struct, which is both the type and its only variant.
    Struct,
    /// On a field.
    Field,
}

/// Where a key may be written.
#[derive(Clone, Copy)]
enum Place {
    Type,
    TypeOrVariant,
    Variant,
    Field,
}

impl Place {
    fn allows(self, level: Level) -> bool {
        matches!(
            (self, level),
            (Self::Type, Level::Enum | Level::Struct)
                | (
                    Self::TypeOrVariant,
                    Level::Enum | Level::Variant | Level::Struct
                )
                | (Self::Variant, Level::Variant | Level::Struct)
                | (Self::Field, Level::Field)
        )
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Type => "on the type",
            Self::TypeOrVariant => "on the type or a variant",
            Self::Variant => "on a variant or a struct",
            Self::Field => "on a field",
        }
    }
}

/// Every key of `#[agent(...)]` and where it is legal.
const KEYS: &[(&str, Place)] = &[
    ("crate", Place::Type),
    ("service", Place::Type),
    ("kind", Place::Variant),
    ("new_kind", Place::Variant),
    ("transparent", Place::Variant),
    ("origin", Place::TypeOrVariant),
    ("recovery", Place::TypeOrVariant),
    ("side_effects", Place::TypeOrVariant),
    ("status", Place::Variant),
    ("log_level", Place::Variant),
    ("message", Place::Variant),
    ("context", Place::Field),
    ("extra", Place::Field),
    ("cause", Place::Field),
    ("retry_after_ms", Place::Field),
];

/// The keys of `recovery(...)`.
const RECOVERY_KEYS: &[&str] = &["action", "same_arguments", "guidance"];

/// One key as written: where the key is, where its value is, and the value.
pub(crate) struct Setting<T> {
    pub(crate) key: Span,
    pub(crate) value_span: Span,
    pub(crate) value: T,
}

/// Everything `#[agent(...)]` can say at one level; what was not written is `None`.
#[derive(Default)]
pub(crate) struct AgentAttrs {
    pub(crate) krate: Option<Setting<Path>>,
    pub(crate) service: Option<Setting<LitStr>>,
    pub(crate) kind: Option<Setting<LitStr>>,
    /// `new_kind`: the kind is meant to be new, although it is close to a stable or
    /// retired one.
    pub(crate) new_kind: Option<Setting<()>>,
    pub(crate) transparent: Option<Setting<()>>,
    pub(crate) origin: Option<Setting<Origin>>,
    pub(crate) recovery: Option<Span>,
    pub(crate) action: Option<Setting<RecoveryAction>>,
    pub(crate) same_arguments: Option<Setting<SameArguments>>,
    pub(crate) guidance: Option<Setting<LitStr>>,
    pub(crate) side_effects: Option<Setting<SideEffects>>,
    pub(crate) status: Option<Setting<u16>>,
    pub(crate) log_level: Option<Setting<LogLevel>>,
    pub(crate) message: Option<Setting<LitStr>>,
    pub(crate) context: Option<Setting<Option<LitStr>>>,
    pub(crate) extra: Option<Setting<Option<LitStr>>>,
    pub(crate) cause: Option<Setting<()>>,
    pub(crate) retry_after_ms: Option<Setting<()>>,
    /// Keys that were written but rejected (an unknown key counts as the key it
    /// probably meant, or as `*`): the checks that something is missing skip them,
    /// so that one mistake is reported once.
    rejected: Vec<String>,
}

impl AgentAttrs {
    /// Parses every `#[agent(...)]` among `attrs` written at `level`.
    pub(crate) fn parse(cx: &Diagnostics, attrs: &[Attribute], level: Level) -> Self {
        let mut parsed = Self::default();
        for attr in attrs.iter().filter(|attr| attr.path().is_ident("agent")) {
            if let Err(error) = attr.parse_nested_meta(|meta| parsed.parse_key(cx, level, &meta)) {
                cx.push(error);
            }
        }
        parsed
    }

    /// Splits a struct's attributes into the type's (`crate`, `service`) and those of
    /// its only variant (everything else).
    pub(crate) fn split_type_level(&mut self) -> Self {
        Self {
            krate: self.krate.take(),
            service: self.service.take(),
            ..Self::default()
        }
    }

    /// Whether `key` was written but rejected, so that its absence is already
    /// explained.
    pub(crate) fn rejected(&self, key: &str) -> bool {
        self.rejected
            .iter()
            .any(|rejected| rejected == key || rejected == "*")
    }

    fn reject(&mut self, key: &str) {
        self.rejected.push(key.to_owned());
    }

    /// The variant-level keys that were written, with where (for `transparent`,
    /// which takes none of them).
    pub(crate) fn variant_keys(&self) -> Vec<(&'static str, Span)> {
        let keys = [
            ("kind", self.kind.as_ref().map(|s| s.key)),
            ("new_kind", self.new_kind.as_ref().map(|s| s.key)),
            ("origin", self.origin.as_ref().map(|s| s.key)),
            ("recovery", self.recovery),
            ("side_effects", self.side_effects.as_ref().map(|s| s.key)),
            ("status", self.status.as_ref().map(|s| s.key)),
            ("log_level", self.log_level.as_ref().map(|s| s.key)),
            ("message", self.message.as_ref().map(|s| s.key)),
        ];
        keys.into_iter()
            .filter_map(|(name, span)| Some((name, span?)))
            .collect()
    }

    /// The field-level keys that were written, with where.
    pub(crate) fn field_keys(&self) -> Vec<(&'static str, Span)> {
        let keys = [
            ("context", self.context.as_ref().map(|s| s.key)),
            ("extra", self.extra.as_ref().map(|s| s.key)),
            ("cause", self.cause.as_ref().map(|s| s.key)),
            (
                "retry_after_ms",
                self.retry_after_ms.as_ref().map(|s| s.key),
            ),
        ];
        keys.into_iter()
            .filter_map(|(name, span)| Some((name, span?)))
            .collect()
    }

    fn parse_key(
        &mut self,
        cx: &Diagnostics,
        level: Level,
        meta: &ParseNestedMeta,
    ) -> syn::Result<()> {
        let key = meta.path.span();
        let name = match meta.path.get_ident() {
            Some(ident) => ident.unraw().to_string(),
            None => String::new(),
        };
        if RECOVERY_KEYS.contains(&name.as_str()) {
            let message =
                format!("`{name}` goes inside `recovery(...)`: write `recovery({name} = ...)`");
            cx.error_at(key, message);
            self.reject(&name);
            return skip_value(meta.input);
        }
        let Some((name, place)) = KEYS.iter().find(|(known, _)| *known == name) else {
            let legal: Vec<&str> = KEYS
                .iter()
                .filter(|(_, place)| place.allows(level))
                .map(|(known, _)| *known)
                .collect();
            let written = path_text(&meta.path);
            cx.error_at(key, suggest::unknown("key", &written, &legal));
            self.reject(suggest::closest(&written, &legal).unwrap_or("*"));
            return skip_value(meta.input);
        };
        if !place.allows(level) {
            let message = match (*name, level) {
                ("kind", Level::Enum) => "`kind` is written on each variant: an enum has no default kind (its defaults are `origin`, `recovery(...)` and `side_effects`)".to_owned(),
                _ => format!("`{name}` is only valid {}", place.describe()),
            };
            cx.error_at(key, message);
            return skip_value(meta.input);
        }
        let accepted = reported(cx, meta, self.parse_value(cx, meta, name, key))?;
        if !accepted {
            self.reject(name);
        }
        Ok(())
    }

    /// Parses the value of the known key `name` and stores it; `false` when it was
    /// rejected (reported already).
    fn parse_value(
        &mut self,
        cx: &Diagnostics,
        meta: &ParseNestedMeta,
        name: &'static str,
        key: Span,
    ) -> syn::Result<bool> {
        let duplicate =
            |cx: &Diagnostics| cx.error_at(key, format!("duplicate `{name}` attribute"));
        Ok(match name {
            "crate" => {
                let path: Path = meta.value()?.parse()?;
                set(
                    &mut self.krate,
                    setting(key, path.span(), path),
                    duplicate,
                    cx,
                )
            }
            "kind" => {
                let value: LitStr = meta.value()?.parse()?;
                set(
                    &mut self.kind,
                    setting(key, value.span(), value),
                    duplicate,
                    cx,
                )
            }
            "service" => set(
                &mut self.service,
                non_empty_str(cx, meta, name)?,
                duplicate,
                cx,
            ),
            "message" => set(
                &mut self.message,
                non_empty_str(cx, meta, name)?,
                duplicate,
                cx,
            ),
            "transparent" => set(&mut self.transparent, flag(cx, meta, name)?, duplicate, cx),
            "new_kind" => set(&mut self.new_kind, flag(cx, meta, name)?, duplicate, cx),
            "cause" => set(&mut self.cause, flag(cx, meta, name)?, duplicate, cx),
            "retry_after_ms" => set(
                &mut self.retry_after_ms,
                flag(cx, meta, name)?,
                duplicate,
                cx,
            ),
            "origin" => set(&mut self.origin, contract_value(cx, meta)?, duplicate, cx),
            "side_effects" => set(
                &mut self.side_effects,
                contract_value(cx, meta)?,
                duplicate,
                cx,
            ),
            "log_level" => set(
                &mut self.log_level,
                contract_value(cx, meta)?,
                duplicate,
                cx,
            ),
            "status" => set(&mut self.status, status(cx, meta)?, duplicate, cx),
            "context" => set(&mut self.context, optional_name(cx, meta)?, duplicate, cx),
            "extra" => set(&mut self.extra, optional_name(cx, meta)?, duplicate, cx),
            // `recovery`, the last key of `KEYS`.
            _ if meta.input.peek(syn::Token![=]) => {
                let value = meta.value()?;
                let written = match value.fork().call(syn::Ident::parse_any) {
                    Ok(ident) => ident.unraw().to_string(),
                    Err(_) => "...".to_owned(),
                };
                let message = format!(
                    "`recovery` takes a list: write `recovery(action = {written})`, with `same_arguments` and `guidance` beside `action` as needed"
                );
                cx.error_at(key, message);
                skip_value(value)?;
                for key in RECOVERY_KEYS {
                    self.reject(key);
                }
                false
            }
            _ => {
                self.recovery.get_or_insert(key);
                meta.parse_nested_meta(|inner| self.parse_recovery_key(cx, &inner))?;
                true
            }
        })
    }

    fn parse_recovery_key(&mut self, cx: &Diagnostics, meta: &ParseNestedMeta) -> syn::Result<()> {
        let key = meta.path.span();
        let written = path_text(&meta.path);
        let accepted = reported(cx, meta, self.parse_recovery_value(cx, meta, &written, key))?;
        if !accepted {
            self.reject(&written);
        }
        Ok(())
    }

    /// Parses the value of the `recovery(...)` key `written` and stores it; `false`
    /// when it was rejected (reported already).
    fn parse_recovery_value(
        &mut self,
        cx: &Diagnostics,
        meta: &ParseNestedMeta,
        written: &str,
        key: Span,
    ) -> syn::Result<bool> {
        let duplicate = |cx: &Diagnostics| {
            cx.error_at(key, format!("duplicate `recovery({written})` attribute"))
        };
        Ok(match written {
            "action" => set(&mut self.action, contract_value(cx, meta)?, duplicate, cx),
            "same_arguments" => set(
                &mut self.same_arguments,
                contract_value(cx, meta)?,
                duplicate,
                cx,
            ),
            "guidance" => set(
                &mut self.guidance,
                non_empty_str(cx, meta, "guidance")?,
                duplicate,
                cx,
            ),
            _ => {
                let message = suggest::unknown_in("key", written, "recovery(...)", RECOVERY_KEYS);
                cx.error_at(key, message);
                self.reject(suggest::closest(written, RECOVERY_KEYS).unwrap_or("*"));
                skip_value(meta.input)?;
                true
            }
        })
    }
}
