//! The type's table of classified kinds: one `CatalogEntry` per distinct kind,
//! classification and guidance, computed at compile time and emitted as a `static`
//! each. The generated methods refer to their variant's entry by name, and the
//! catalog lists the entries, so each classification is written out once.

use std::collections::HashMap;
use std::ops::Range;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use syn::Path;

use crate::classify::{Guidance, Resolved};
use crate::valid::Plan;
use crate::vocabulary::Classification;

/// The name of an entry's static inside the generated `const _: () = { ... }`.
fn name(index: usize) -> Ident {
    format_ident!("__AGENT_ENTRY_{}", index)
}

/// The distinct entries, and which entry each variant uses.
pub(crate) struct Table<'a> {
    entries: Vec<&'a Resolved>,
    /// For each variant: its entry, or `None` for a transparent variant.
    pub(crate) of_variant: Vec<Option<usize>>,
}

impl<'a> Table<'a> {
    pub(crate) fn new(plans: &'a [Plan<'a>]) -> Self {
        let mut entries: Vec<&Resolved> = Vec::new();
        let mut index_of: HashMap<String, usize> = HashMap::new();
        let of_variant = plans
            .iter()
            .map(|plan| {
                let Plan::Classified(classified) = plan else {
                    return None;
                };
                let resolved = &classified.resolved;
                let key = format!(
                    "{}|{:?}|{}",
                    resolved.kind,
                    resolved.classification,
                    match &resolved.guidance {
                        Guidance::Family => "",
                        Guidance::Custom(text) => text,
                    }
                );
                let index = *index_of.entry(key).or_insert_with(|| {
                    entries.push(resolved);
                    entries.len() - 1
                });
                Some(index)
            })
            .collect();
        Self {
            entries,
            of_variant,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// `static __AGENT_ENTRY_0: CatalogEntry = ...;` and so on.
    pub(crate) fn definition(&self, krate: &Path) -> TokenStream {
        let statics = self.entries.iter().enumerate().map(|(index, resolved)| {
            let name = name(index);
            let entry = entry_literal(krate, resolved);
            quote!(static #name: #krate::CatalogEntry = #entry;)
        });
        quote!(#(#statics)*)
    }

    /// `&__AGENT_ENTRY_3`
    pub(crate) fn entry(index: usize) -> TokenStream {
        let name = name(index);
        quote!(&#name)
    }

    /// The entries that a run of classified variants introduces, in order: the
    /// catalog lists them where the run is declared.
    pub(crate) fn new_entries(
        &self,
        variants: Range<usize>,
        seen: &mut usize,
    ) -> Option<TokenStream> {
        let last = self.of_variant[variants]
            .iter()
            .flatten()
            .max()
            .map(|index| index + 1)?;
        let start = *seen;
        if last <= start {
            return None;
        }
        *seen = last;
        let names = (start..last).map(name);
        Some(quote!(__agent::entries(&[#(&#names),*])))
    }
}

fn entry_literal(krate: &Path, resolved: &Resolved) -> TokenStream {
    let Resolved {
        kind,
        classification,
        guidance,
    } = resolved;
    let guidance = match guidance {
        Guidance::Custom(text) => {
            let text = Literal::string(text);
            quote!(#text)
        }
        // The runtime's own text for the family, read from the runtime, not copied.
        Guidance::Family => {
            let action = enum_value(krate, "RecoveryAction", classification.action);
            quote!(#action.guidance())
        }
    };
    let classification = classification_literal(krate, classification);
    quote! {
        #krate::CatalogEntry {
            kind: #kind,
            classification: #classification,
            guidance: #guidance,
        }
    }
}

fn classification_literal(krate: &Path, classification: &Classification) -> TokenStream {
    let origin = enum_value(krate, "Origin", classification.origin);
    let action = enum_value(krate, "RecoveryAction", classification.action);
    let same_arguments = enum_value(krate, "SameArguments", classification.same_arguments);
    let side_effects = enum_value(krate, "SideEffects", classification.side_effects);
    let status = Literal::u16_unsuffixed(classification.status);
    let log_level = enum_value(krate, "LogLevel", classification.log_level);
    quote! {
        #krate::Classification {
            origin: #origin,
            action: #action,
            same_arguments: #same_arguments,
            side_effects: #side_effects,
            status: #status,
            log_level: #log_level,
        }
    }
}

/// `krate::Origin::Budget`, from the value's `Debug` name (its variant name).
pub(crate) fn enum_value(krate: &Path, ty: &str, value: impl std::fmt::Debug) -> TokenStream {
    let ty = format_ident!("{}", ty);
    let variant = variant_ident(value);
    quote!(#krate::#ty::#variant)
}

/// The Rust name of a vocabulary enum value: its `Debug` form.
pub(crate) fn variant_ident(value: impl std::fmt::Debug) -> Ident {
    Ident::new(&format!("{value:?}"), Span::call_site())
}
