//! The typed model of the input: the type, its variants (a struct is one variant)
//! and their fields, each with its parsed `#[agent(...)]`, borrowing the syn tree.

use quote::format_ident;
use syn::ext::IdentExt as _;
use syn::spanned::Spanned as _;
use syn::{Attribute, Data, DeriveInput, Fields, Generics, Ident, Index, Member, Path, Type};

use crate::attr::{AgentAttrs, Level};
use crate::diagnostics::Diagnostics;

/// The type the derive is written on.
pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) generics: &'a Generics,
    /// The type-level attributes (`service`, `crate` and the defaults).
    pub(crate) attrs: AgentAttrs,
    /// The variants; a struct has one, named after the struct.
    pub(crate) variants: Vec<Variant<'a>>,
    pub(crate) is_struct: bool,
}

/// A variant of an enum, or a struct.
pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: AgentAttrs,
    /// Every attribute on the variant, other derives' included (a struct's are the
    /// type's).
    pub(crate) syn_attrs: &'a [Attribute],
    pub(crate) fields: Vec<Field<'a>>,
}

/// A field of a variant or struct.
pub(crate) struct Field<'a> {
    pub(crate) member: Member,
    /// The field's position in its variant.
    pub(crate) index: usize,
    pub(crate) ty: &'a Type,
    pub(crate) attrs: AgentAttrs,
}

impl<'a> Input<'a> {
    /// The model of `node`. A union is reported and has no variants.
    pub(crate) fn from_syn(cx: &Diagnostics, node: &'a DeriveInput) -> Self {
        let (attrs, variants, is_struct) = match &node.data {
            Data::Enum(data) => {
                let attrs = AgentAttrs::parse(cx, &node.attrs, Level::Enum);
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| Variant {
                        ident: &variant.ident,
                        syn_attrs: &variant.attrs,
                        attrs: AgentAttrs::parse(cx, &variant.attrs, Level::Variant),
                        fields: fields(cx, &variant.fields),
                    })
                    .collect();
                (attrs, variants, false)
            }
            Data::Struct(data) => {
                let mut variant_attrs = AgentAttrs::parse(cx, &node.attrs, Level::Struct);
                let attrs = variant_attrs.split_type_level();
                let variant = Variant {
                    ident: &node.ident,
                    syn_attrs: &node.attrs,
                    attrs: variant_attrs,
                    fields: fields(cx, &data.fields),
                };
                (attrs, vec![variant], true)
            }
            Data::Union(data) => {
                let message = "`AgentError` cannot be derived for a union; use an enum or a struct";
                cx.error_at(data.union_token.span, message);
                (AgentAttrs::default(), Vec::new(), false)
            }
        };
        Self {
            ident: &node.ident,
            generics: &node.generics,
            attrs,
            variants,
            is_struct,
        }
    }

    /// Where error-core is: `crate = path`, or `::error_core`.
    pub(crate) fn krate(&self) -> Path {
        match &self.attrs.krate {
            Some(setting) => setting.value.clone(),
            None => syn::parse_quote!(::error_core),
        }
    }
}

impl<'a> Field<'a> {
    /// The name an attribute defaults to (`context`, `extra`): the field's name, if
    /// it has one.
    pub(crate) fn name(&self) -> Option<String> {
        match &self.member {
            Member::Named(ident) => Some(ident.unraw().to_string()),
            Member::Unnamed(_) => None,
        }
    }

    /// `T` when the field is an `Option<T>`, by how its type is written: `None`
    /// leaves the member out, `Some(value)` contributes `value`.
    pub(crate) fn option_inner(&self) -> Option<&'a Type> {
        option_inner(self.ty)
    }

    /// Whether the field is written `&str` (any lifetime): its `Display` is its
    /// text, which is then copied rather than formatted. Only `str`, a primitive no
    /// user type is named, is recognized so: a type written `String` may be a user's
    /// of that name, whose `Display` may differ from its text (a redacting wrapper),
    /// so it is formatted like any other.
    pub(crate) fn is_text(&self) -> bool {
        is_text(self.ty)
    }

    /// Whether the field is written `&'static str`: text whose bytes never change,
    /// which a context member borrows, not copies, once the thread has seen it pass
    /// sanitizing unchanged, and which makes a message that shows such fields alone
    /// the same bytes every time. Only the `'static` written out counts: a named
    /// lifetime may be anything.
    pub(crate) fn is_static_text(&self) -> bool {
        is_static_text(self.ty)
    }

    /// The local the field is bound to in generated code, spanned on the field's
    /// type so that what rustc says about the value points at the field. Every
    /// binding starts with `__agent_field_`, which no other generated name does. A
    /// name that would not make a snake-case binding (`camelCase`, `_tool`,
    /// `wait__ms`, `Ωtool`) is lowered, its underscores single, after the field's
    /// index (only the index when it is not ASCII), so that the binding trips no
    /// `non_snake_case` and cannot meet another field's: no field's name starts
    /// with a digit (`Name` is `__agent_field_0_name`, `name_0` is
    /// `__agent_field_name_0`).
    pub(crate) fn binding(&self) -> Ident {
        let span = self.ty.span();
        match &self.member {
            Member::Named(ident) => {
                let name = ident.unraw().to_string();
                let snake_case = !name.starts_with('_')
                    && !name.contains("__")
                    && !name.chars().any(char::is_uppercase);
                if snake_case {
                    return format_ident!("__agent_field_{}", name, span = span);
                }
                let words: Vec<String> = name
                    .split('_')
                    .filter(|word| !word.is_empty())
                    .map(str::to_ascii_lowercase)
                    .collect();
                if words.is_empty() || !name.is_ascii() {
                    format_ident!("__agent_field_{}", self.index, span = span)
                } else {
                    let lowered = words.join("_");
                    format_ident!("__agent_field_{}_{}", self.index, lowered, span = span)
                }
            }
            Member::Unnamed(index) => {
                format_ident!("__agent_field_{}", index.index, span = span)
            }
        }
    }
}

fn fields<'a>(cx: &Diagnostics, fields: &'a Fields) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(index, field)| Field {
            member: match &field.ident {
                Some(ident) => Member::Named(ident.clone()),
                // Spanned on the field, so that what is said about a tuple field
                // points at it and not at the derive.
                None => Member::Unnamed(Index {
                    index: u32::try_from(index).unwrap_or(u32::MAX),
                    span: field.ty.span(),
                }),
            },
            index,
            ty: &field.ty,
            attrs: AgentAttrs::parse(cx, &field.attrs, Level::Field),
        })
        .collect()
}

fn is_text(ty: &Type) -> bool {
    str_reference(ty).is_some()
}

/// Whether `ty` is written `&'static str`.
pub(crate) fn is_static_text(ty: &Type) -> bool {
    str_reference(ty).is_some_and(|reference| {
        reference.mutability.is_none()
            && reference
                .lifetime
                .as_ref()
                .is_some_and(|lifetime| lifetime.ident == "static")
    })
}

/// The reference when `ty` is written `&str` (any lifetime, in groups or
/// parentheses).
fn str_reference(ty: &Type) -> Option<&syn::TypeReference> {
    match ty {
        Type::Reference(reference) => is_str(&reference.elem).then_some(reference),
        Type::Group(group) => str_reference(&group.elem),
        Type::Paren(paren) => str_reference(&paren.elem),
        _ => None,
    }
}

/// Whether `ty` is written `str`.
fn is_str(ty: &Type) -> bool {
    match ty {
        Type::Path(path) => path.qself.is_none() && path.path.is_ident("str"),
        Type::Group(group) => is_str(&group.elem),
        Type::Paren(paren) => is_str(&paren.elem),
        _ => false,
    }
}

/// `T` when `ty` is written `Option<T>` (or `std::option::Option<T>`, ...). A type
/// alias of an `Option` is not seen through: a derive only has the tokens.
pub(crate) fn option_inner(ty: &Type) -> Option<&Type> {
    let segment = match ty {
        Type::Path(path) if path.qself.is_none() => path.path.segments.last()?,
        Type::Group(group) => return option_inner(&group.elem),
        Type::Paren(paren) => return option_inner(&paren.elem),
        _ => return None,
    };
    if segment.ident != "Option" {
        return None;
    }
    match &segment.arguments {
        syn::PathArguments::AngleBracketed(arguments) if arguments.args.len() == 1 => {
            match arguments.args.first() {
                Some(syn::GenericArgument::Type(inner)) => Some(inner),
                _ => None,
            }
        }
        _ => None,
    }
}
