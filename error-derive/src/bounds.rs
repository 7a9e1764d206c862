//! The where clause of the generated impl: the type's own, plus a bound for each
//! annotated field whose type mentions a type parameter, and nothing else.

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens as _, quote};
use syn::{Ident, Path, Type, WhereClause, WherePredicate};

use crate::ast::Input;
use crate::message::{FormatTrait, Message};
use crate::valid::{Plan, Role};

/// The where clause for `input`'s impl; `plans` are aligned with its variants.
pub(crate) fn where_clause(input: &Input, plans: &[Plan], krate: &Path) -> Option<WhereClause> {
    let params: BTreeSet<&Ident> = input
        .generics
        .type_params()
        .map(|param| &param.ident)
        .collect();
    let original = input.generics.where_clause.clone();
    if params.is_empty() {
        return original;
    }
    let mut bounds = Bounds {
        params,
        seen: BTreeSet::new(),
        predicates: Vec::new(),
    };
    let mut message_from_display = false;
    for (variant, plan) in input.variants.iter().zip(plans) {
        let classified = match plan {
            Plan::Transparent(field) => {
                bounds.add(field.ty, &quote!(#krate::AgentError));
                continue;
            }
            Plan::Classified(classified) => classified,
        };
        for (role, field) in &classified.roles {
            match role {
                Role::Context(_) => bounds.add(
                    field.option_inner().unwrap_or(field.ty),
                    &FormatTrait::Display.path(),
                ),
                Role::Extra(_) => bounds.add(field.ty, &quote!(#krate::__private::Serialize)),
                Role::RetryAfterMs => {}
            }
        }
        match &classified.message {
            Message::Display => message_from_display = true,
            Message::Literal(_) => {}
            Message::Format { uses, .. } => {
                for (index, format_trait) in uses {
                    if let Some(field) = variant.fields.get(*index) {
                        bounds.add(field.ty, &format_trait.path());
                    }
                }
            }
        }
    }
    let mut clause = original.unwrap_or_else(|| WhereClause {
        where_token: <syn::Token![where]>::default(),
        predicates: syn::punctuated::Punctuated::new(),
    });
    clause.predicates.extend(bounds.predicates);
    if message_from_display {
        // The message is the type's `Display`, whatever bounds the user's impl has.
        // Spelled out rather than `Self`: the clause also goes on a free function.
        let ident = input.ident;
        let (_, ty_generics, _) = input.generics.split_for_impl();
        clause
            .predicates
            .push(syn::parse_quote!(#ident #ty_generics: ::core::fmt::Display));
    }
    Some(clause)
}

struct Bounds<'a> {
    params: BTreeSet<&'a Ident>,
    seen: BTreeSet<String>,
    predicates: Vec<WherePredicate>,
}

impl Bounds<'_> {
    /// `ty: bound`, when `ty` mentions a type parameter.
    fn add(&mut self, ty: &Type, bound: &TokenStream) {
        if !mentions(ty.to_token_stream(), &self.params) {
            return;
        }
        let predicate: WherePredicate = syn::parse_quote!(#ty: #bound);
        if self.seen.insert(predicate.to_token_stream().to_string()) {
            self.predicates.push(predicate);
        }
    }
}

fn mentions(tokens: TokenStream, params: &BTreeSet<&Ident>) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Ident(ident) => params.contains(&ident),
        TokenTree::Group(group) => mentions(group.stream(), params),
        _ => false,
    })
}
