//! The generated code: the type's [`Table`] of entries, one function that says
//! where each variant's answers come from (its entry, or its transparent field), and
//! the `impl AgentError`, one function per method. Every classification was computed
//! at compile time; nothing is looked up at run time.
//!
//! ```text
//! const _: () = {
//!     use error_core::__private as __agent;
//!     static __AGENT_ENTRY_0: CatalogEntry = /* one per distinct classification */;
//!     fn __agent_envelope(entry, message, parts) -> Envelope { /* with the service */ }
//!     fn __agent_source(this: &Type) -> Source<'_> { match this { ... } }
//!     impl AgentError for Type { ... }
//! };
//! ```

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;
use syn::{DeriveInput, Path};

use crate::ast::{self, Field, Input, Variant};
use crate::bounds;
use crate::diagnostics::Diagnostics;
use crate::fallback;
use crate::message::{FormatTrait, Message, formatted_once, text_binding};
use crate::secret_fields;
use crate::table::{self, Table};
use crate::valid::{self, Classified, Plan, Role};

/// The derive: the impl, or the errors beside a stub impl.
pub(crate) fn derive(node: &DeriveInput) -> TokenStream {
    let cx = Diagnostics::new();
    let input = Input::from_syn(&cx, node);
    let plans = valid::check(&cx, &input);
    let krate = input.krate();
    match cx.check() {
        Ok(()) => Generator {
            input: &input,
            plans: &plans,
            krate: &krate,
            table: Table::new(&plans),
        }
        .expand(),
        Err(errors) => fallback::expand(node, &krate, &errors),
    }
}

/// What everything is generated from.
struct Generator<'a> {
    input: &'a Input<'a>,
    plans: &'a [Plan<'a>],
    krate: &'a Path,
    table: Table<'a>,
}

impl<'a> Generator<'a> {
    fn expand(&self) -> TokenStream {
        let krate = self.krate;
        let ident = self.input.ident;
        let generics = bounds::generics(self.input, self.plans, krate);
        let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
        let table = (!self.table.is_empty()).then(|| {
            let definition = self.table.definition(krate);
            let service = match &self.input.attrs.service {
                Some(service) => {
                    let service = &service.value;
                    quote!(::core::option::Option::Some(#service))
                }
                None => quote!(::core::option::Option::None),
            };
            quote! {
                #definition

                fn __agent_envelope(
                    entry: &'static #krate::CatalogEntry,
                    message: __agent::Message,
                    parts: &mut [__agent::Part<'_>],
                ) -> #krate::Envelope {
                    __agent::envelope(entry, message, #service, parts)
                }
            }
        });
        let source_fn = self.source_fn(&generics);
        let envelope = self.envelope_fn();
        let answers = self.answer_fns();
        let recovery = self.recovery_fn();
        let kind_catalog = self.kind_catalog_fn();
        let transparent_traits = self
            .plans
            .iter()
            .any(|plan| matches!(plan, Plan::Transparent(_)))
            .then(|| {
                quote!(
                    use __agent::{AgentErrorField as _, OtherField as _};
                )
            });
        let warnings = secret_fields::warnings(self.input);
        // In an anonymous const, the table and the helper functions are visible to
        // nothing else. `__agent` is error-core's `__private` module, named once
        // here so that the per-variant code stays short (it is compiled once per
        // variant); nothing outside the block can shadow it.
        // A deprecated type, variant or field is the user's own to use here, as
        // `#[derive(Debug)]` uses it: without a warning.
        quote! {
            #(#warnings)*
            #[allow(deprecated)]
            const _: () = {
                use #krate::__private as __agent;
                #transparent_traits
                #table
                #source_fn

                #[automatically_derived]
                #[allow(unused_qualifications)]
                impl #impl_generics #krate::AgentError for #ident #ty_generics #where_clause {
                    #envelope
                    #answers
                    #recovery
                    #kind_catalog
                }
            };
        }
    }

    /// `fn __agent_source(this: &Type) -> Source<'_>` for an enum: each variant's
    /// entry (variants of one entry share an arm) or its transparent field.
    fn source_fn(&self, generics: &syn::Generics) -> Option<TokenStream> {
        if self.input.is_struct || self.input.variants.is_empty() {
            return None;
        }
        let ident = self.input.ident;
        let (_, ty_generics, _) = self.input.generics.split_for_impl();
        // A lifetime of its own for the borrow, which elision cannot pick when the
        // type has lifetimes.
        let mut generics = generics.clone();
        generics.params.insert(0, syn::parse_quote!('__agent));
        let (impl_generics, _, where_clause) = generics.split_for_impl();
        let mut arms: Vec<(Vec<TokenStream>, TokenStream)> = Vec::new();
        let mut arm_of_entry: Vec<Option<usize>> = vec![None; self.table.len()];
        for (index, (variant, plan)) in self.input.variants.iter().zip(self.plans).enumerate() {
            let name = variant.ident;
            match (plan, self.table.of_variant[index]) {
                (Plan::Transparent(field), _) => {
                    let member = &field.member;
                    let binding = field.binding();
                    let source = self.inner_source(field, &quote!(#binding));
                    arms.push((
                        vec![quote!(#ident::#name { #member: #binding, .. })],
                        source,
                    ));
                }
                (Plan::Classified(_), Some(entry)) => match arm_of_entry[entry] {
                    Some(arm) => arms[arm].0.push(quote!(#ident::#name { .. })),
                    None => {
                        arm_of_entry[entry] = Some(arms.len());
                        let entry = Table::entry(entry);
                        let source = quote!(__agent::Source::Entry(#entry));
                        arms.push((vec![quote!(#ident::#name { .. })], source));
                    }
                },
                (Plan::Classified(_), None) => {}
            }
        }
        let arms = arms
            .into_iter()
            .map(|(patterns, source)| quote!(#(#patterns)|* => #source,));
        Some(quote! {
            fn __agent_source #impl_generics (
                this: &'__agent #ident #ty_generics,
            ) -> __agent::Source<'__agent> #where_clause {
                match this {
                    #(#arms)*
                }
            }
        })
    }

    /// Where `self`'s answers come from, as an expression; `None` for an enum
    /// without variants.
    fn source(&self) -> Option<TokenStream> {
        if !self.input.is_struct {
            return (!self.input.variants.is_empty()).then(|| quote!(__agent_source(self)));
        }
        match (self.plans.first(), self.table.of_variant.first()) {
            (Some(Plan::Transparent(field)), _) => {
                let member = &field.member;
                Some(self.inner_source(field, &quote!(&self.#member)))
            }
            (_, Some(Some(entry))) => {
                let entry = Table::entry(*entry);
                Some(quote!(__agent::Source::Entry(#entry)))
            }
            _ => None,
        }
    }

    /// `Source::Inner(field)`. A field whose type is not an `AgentError` is
    /// reported once, by the catalog ([`Self::kind_catalog_fn`]): here method
    /// resolution falls back to an impl that is never reached.
    fn inner_source(&self, _field: &Field, value: &TokenStream) -> TokenStream {
        quote!((&__agent::Transparent(#value)).source())
    }

    /// `kind`, `origin`, `side_effects` and `status`: straight from the source.
    fn answer_fns(&self) -> TokenStream {
        let krate = self.krate;
        let answer = |method: &str| {
            let method = syn::Ident::new(method, proc_macro2::Span::call_site());
            match self.source() {
                Some(source) => quote!(__agent::#method(#source)),
                None => quote!(match *self {}),
            }
        };
        let (kind, origin, side_effects, status) = (
            answer("kind"),
            answer("origin"),
            answer("side_effects"),
            answer("status"),
        );
        quote! {
            fn kind(&self) -> &str {
                #kind
            }

            fn origin(&self) -> #krate::Origin {
                #origin
            }

            fn side_effects(&self) -> #krate::SideEffects {
                #side_effects
            }

            fn status(&self) -> __agent::StatusCode {
                #status
            }
        }
    }

    /// `recovery`: from the source, with the wait of a `retry_after_ms` field.
    fn recovery_fn(&self) -> TokenStream {
        let krate = self.krate;
        let Some(source) = self.source() else {
            return quote! {
                fn recovery(&self) -> #krate::Recovery {
                    match *self {}
                }
            };
        };
        let none = quote!(::core::option::Option::None);
        let waits: Vec<(&Variant, &Field)> = self
            .input
            .variants
            .iter()
            .zip(self.plans)
            .filter_map(|(variant, plan)| match plan {
                Plan::Classified(classified) => classified
                    .roles
                    .iter()
                    .find(|(role, _)| matches!(role, Role::RetryAfterMs))
                    .map(|(_, field)| (variant, *field)),
                Plan::Transparent(_) => None,
            })
            .collect();
        let wait = |field: &Field| {
            let binding = field.binding();
            quote_spanned!(field.ty.span()=> __agent::retry_after_ms(#binding))
        };
        let body = match waits.as_slice() {
            [] => quote!(__agent::recovery(#source, #none)),
            [(_, field)] if self.input.is_struct => {
                let (member, binding, wait) = (&field.member, field.binding(), wait(field));
                quote! {
                    let Self { #member: #binding, .. } = self;
                    __agent::recovery(#source, #wait)
                }
            }
            waits => {
                let arms = waits.iter().map(|(variant, field)| {
                    let pattern = variant_pattern(variant, &[field]);
                    let wait = wait(field);
                    quote!(#pattern => __agent::recovery(#source, #wait),)
                });
                let rest = (waits.len() < self.input.variants.len())
                    .then(|| quote!(_ => __agent::recovery(#source, #none),));
                quote! {
                    match self {
                        #(#arms)*
                        #rest
                    }
                }
            }
        };
        quote! {
            fn recovery(&self) -> #krate::Recovery {
                #body
            }
        }
    }

    fn envelope_fn(&self) -> TokenStream {
        let krate = self.krate;
        let uses_display = self.plans.iter().any(|plan| {
            matches!(
                plan,
                Plan::Classified(Classified {
                    message: Message::Display,
                    ..
                })
            )
        });
        // One place asks for the type's `Display`, so that a type without it gets
        // one error, on its name.
        let display = uses_display.then(|| {
            let message = quote_spanned! {self.input.ident.span()=>
                __agent::display_message(self)
            };
            quote!(let __message_from_display = || #message;)
        });
        let mut arms = Vec::new();
        for (index, (variant, plan)) in self.input.variants.iter().zip(self.plans).enumerate() {
            let (fields, body) = match plan {
                Plan::Transparent(field) => {
                    let binding = field.binding();
                    // Like `inner_source`: reported once, by the catalog.
                    let body = quote!((&__agent::Transparent(#binding)).envelope());
                    (vec![*field], body)
                }
                Plan::Classified(classified) => {
                    self.classified_envelope(index, variant, classified)
                }
            };
            arms.push((variant, fields, body));
        }
        let body = match arms.as_slice() {
            [(_, fields, body)] if self.input.is_struct => {
                let members = fields.iter().map(|field| &field.member);
                let bindings = fields.iter().map(|field| field.binding());
                let destructure = (!fields.is_empty())
                    .then(|| quote!(let Self { #(#members: #bindings,)* .. } = self;));
                quote!(#destructure #body)
            }
            [] => quote!(match *self {}),
            arms => {
                let arms = arms.iter().map(|(variant, fields, body)| {
                    let pattern = variant_pattern(variant, fields);
                    quote!(#pattern => #body,)
                });
                quote!(match self { #(#arms)* })
            }
        };
        quote! {
            fn envelope(&self) -> #krate::Envelope {
                #display
                #body
            }
        }
    }

    /// The envelope of a classified variant, and the fields it reads.
    fn classified_envelope(
        &self,
        index: usize,
        variant: &'a Variant<'a>,
        classified: &'a Classified<'a>,
    ) -> (Vec<&'a Field<'a>>, TokenStream) {
        let entry = Table::entry(self.table.of_variant[index].unwrap_or_default());
        let mut fields: Vec<&Field> = Vec::new();
        let texts = formatted_once(classified);
        let message = match &classified.message {
            Message::Display => quote!(__message_from_display()),
            Message::Literal(text) => quote!(__agent::literal_message(#text)),
            Message::Format { template, uses, .. } => {
                // How many of the message's first blocks are its template's own
                // words, which need no sanitizing: known at compile time.
                let prefix = literal_prefix(&template.value());
                let inert_blocks = quote!({
                    const INERT_BLOCKS: __agent::InertBlocks = __agent::inert_blocks(#prefix);
                    INERT_BLOCKS
                });
                let mut args = Vec::new();
                let mut names = Vec::new();
                for (field_index, _) in uses {
                    if let Some(field) = variant.fields.get(*field_index) {
                        let binding = field.binding();
                        if !names.contains(&binding) {
                            args.push(match texts.iter().find(|f| f.index == field.index) {
                                Some(once) => {
                                    let text = text_binding(once);
                                    quote!(#binding = #text)
                                }
                                None => quote!(#binding = #binding),
                            });
                            names.push(binding);
                            fields.push(field);
                        }
                    }
                }
                let capacity = estimated_capacity(&template.value());
                let args = quote!(__agent::format_args!(#template, #(#args),*));
                // A message that shows `&'static str` fields alone, each by its
                // text and none by where it sits (`{name:p}`), is the same bytes
                // every time: formatted every time, but read once per thread.
                let from_static_texts = uses.iter().all(|(field_index, format)| {
                    *format != FormatTrait::Pointer
                        && variant
                            .fields
                            .get(*field_index)
                            .is_some_and(Field::is_static_text)
                });
                if from_static_texts {
                    quote!(__agent::formatted_from_static(#args, #capacity, #inert_blocks))
                } else {
                    quote!(__agent::formatted(#args, #capacity, #inert_blocks))
                }
            }
        };
        // One call with the parts as trait objects rather than a chain of the
        // builder's generic methods: nothing to infer or instantiate per variant,
        // which keeps the derive cheap to compile.
        let mut parts = Vec::new();
        for (position, (role, field)) in classified.roles.iter().enumerate() {
            let binding = field.binding();
            parts.push(match role {
                Role::Context(member) => {
                    let member = table::variant_ident(member);
                    let member = quote!(__agent::ContextMember::#member);
                    match field.option_inner() {
                        // Sanitized once per thread for each text, and borrowed by
                        // the member when it passes unchanged.
                        Some(inner) if ast::is_static_text(inner) => {
                            quote_spanned! {field.ty.span()=>
                                __agent::optional_static_context(#member, #binding)
                            }
                        }
                        // `None` leaves the member out; `Some(value)` is `value`.
                        Some(inner) => {
                            // Spanned on `T`, which is what must be `Display`.
                            let value = syn::Ident::new(&binding.to_string(), inner.span());
                            quote_spanned! {inner.span()=>
                                __agent::optional_context(#member, #value)
                            }
                        }
                        None if texts.iter().any(|once| once.index == field.index) => {
                            // The message is formatted by now: the part lends the text
                            // for its member to take, or lends a copy when another
                            // member takes it too.
                            let text = text_binding(field);
                            let taken_later = classified.roles[position + 1..].iter().any(
                                |(later, other)| {
                                    matches!(later, Role::Context(_)) && other.index == field.index
                                },
                            );
                            if taken_later {
                                quote!(__agent::Part::Rendered(#member, &mut __agent::Clone::clone(&#text)))
                            } else {
                                quote!(__agent::Part::Rendered(#member, &mut #text))
                            }
                        }
                        None if field.is_static_text() => quote_spanned! {field.ty.span()=>
                            __agent::static_context(#member, #binding)
                        },
                        // Its text, copied where the member takes it.
                        None if field.is_text() => quote_spanned! {field.ty.span()=>
                            __agent::Part::Text(#member, #binding)
                        },
                        None => quote_spanned! {field.ty.span()=>
                            __agent::Part::Context(#member, #binding)
                        },
                    }
                }
                Role::Extra(name) => {
                    quote_spanned!(field.ty.span()=> __agent::Part::Extra(#name, #binding))
                }
                Role::RetryAfterMs => {
                    quote_spanned!(field.ty.span()=> __agent::Part::RetryAfter(#binding))
                }
            });
            if !fields.iter().any(|seen| seen.binding() == binding) {
                fields.push(field);
            }
        }
        let envelope = quote!(__agent_envelope(#entry, #message, &mut [#(#parts),*]));
        if texts.is_empty() {
            return (fields, envelope);
        }
        let renders = texts.iter().map(|field| {
            let (text, binding) = (text_binding(field), field.binding());
            let render = if field.is_text() {
                quote!(render_text)
            } else {
                quote!(render)
            };
            quote_spanned!(field.ty.span()=> let mut #text = __agent::#render(#binding);)
        });
        (fields, quote!({ #(#renders)* #envelope }))
    }

    /// The catalog in declaration order: the table's entries where their variants
    /// are declared, and the inner types' catalogs for transparent variants.
    fn kind_catalog_fn(&self) -> TokenStream {
        let krate = self.krate;
        let mut parts = Vec::new();
        let mut seen = 0;
        let mut run_start = 0;
        for (index, plan) in self.plans.iter().enumerate() {
            if let Plan::Transparent(field) = plan {
                parts.extend(self.table.new_entries(run_start..index, &mut seen));
                run_start = index + 1;
                let ty = field.ty;
                // Spanned like every other use of the field, so that a type that is
                // not an `AgentError` is reported once.
                parts.push(quote_spanned!(ty.span()=> __agent::inner_catalog::<#ty>()));
            }
        }
        let end = self.plans.len();
        parts.extend(self.table.new_entries(run_start..end, &mut seen));
        let catalog = quote!(__agent::catalog([#(#parts),*]));
        // Only a transparent variant can lead back to this type (`W(Box<W>)`).
        let catalog = if run_start > 0 {
            quote!(__agent::guarded_catalog(::core::any::type_name::<Self>(), || #catalog))
        } else {
            catalog
        };
        quote! {
            fn kind_catalog() -> __agent::Vec<#krate::CatalogEntry> {
                #catalog
            }
        }
    }
}

/// `Self::Variant { field: __agent_field, .. }`, binding the fields an arm reads.
fn variant_pattern(variant: &Variant, fields: &[&Field]) -> TokenStream {
    let ident = variant.ident;
    let members = fields.iter().map(|field| &field.member);
    let bindings = fields.iter().map(|field| field.binding());
    quote!(Self::#ident { #(#members: #bindings,)* .. })
}

/// The text a template writes before its first placeholder (`{{` and `}}` as the
/// braces they write).
pub(crate) fn literal_prefix(template: &str) -> String {
    let mut prefix = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                prefix.push('{');
            }
            '{' => break,
            '}' => {
                chars.next_if_eq(&'}');
                prefix.push('}');
            }
            c => prefix.push(c),
        }
    }
    prefix
}

/// What `format!` reserves for a template: twice its literal text (placeholders
/// left out, `{{` counted as the brace it writes).
pub(crate) fn estimated_capacity(template: &str) -> usize {
    let mut literal = 0;
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                literal += 1;
            }
            '{' => {
                for inner in chars.by_ref() {
                    if inner == '}' {
                        break;
                    }
                }
            }
            '}' => {
                chars.next_if_eq(&'}');
                literal += 1;
            }
            c => literal += c.len_utf8(),
        }
    }
    2 * literal
}
