//! When the attributes are wrong: the errors, and beside them a stub impl, so that
//! the user sees the mistakes and not a cascade of "`AgentError` is not
//! implemented" errors wherever the type is used.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{DeriveInput, Path};

pub(crate) fn expand(node: &DeriveInput, krate: &Path, errors: &syn::Error) -> TokenStream {
    let ident = &node.ident;
    let (impl_generics, ty_generics, where_clause) = node.generics.split_for_impl();
    let errors = errors.to_compile_error();
    quote! {
        #errors

        #[automatically_derived]
        #[allow(unused_qualifications)]
        impl #impl_generics #krate::AgentError for #ident #ty_generics #where_clause {
            fn envelope(&self) -> #krate::Envelope {
                ::core::unreachable!()
            }

            fn kind(&self) -> &str {
                ::core::unreachable!()
            }

            fn kind_catalog() -> #krate::__private::Vec<#krate::CatalogEntry> {
                ::core::unreachable!()
            }
        }
    }
}
