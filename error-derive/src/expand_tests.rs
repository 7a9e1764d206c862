//! Unit tests of the expansion on `proc_macro2` tokens: what the generated code
//! looks like, where the UI and behaviour tests cannot see it.

use quote::quote;

use crate::diagnostics::Diagnostics;
use crate::expand;

fn expand(tokens: proc_macro2::TokenStream) -> String {
    let input = syn::parse2(tokens).expect("derive input");
    expand::derive(&input).to_string()
}

#[test]
fn a_message_without_placeholders_is_borrowed() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "timeout", message = "too {{slow}}")]
            A,
        }
    });
    assert!(
        out.contains(r#"__agent :: Cow :: Borrowed ("too {slow}")"#),
        "{out}"
    );
    assert!(!out.contains("format !"), "{out}");
}

#[test]
fn a_message_with_placeholders_formats_the_bound_fields() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "invalid_param", message = "bad {param} {0:?}")]
            A { param: String },
        }
    });
    // `{0}` names no field of a struct variant: reported, and the stub impl follows.
    assert!(out.contains("compile_error"), "{out}");
    let out = expand(quote! {
        enum E {
            #[agent(kind = "invalid_param", message = "bad {param} {param:?}")]
            A { param: String },
        }
    });
    assert!(
        out.contains(
            r#"format ! ("bad {__agent_param} {__agent_param:?}" , __agent_param = __agent_param)"#
        ),
        "{out}"
    );
}

#[test]
fn the_classification_is_a_literal_and_nothing_is_looked_up() {
    let out = expand(quote! {
        #[agent(origin = tool_execution)]
        enum E {
            #[agent(kind = "rate_limited", message = "x")]
            A,
        }
    });
    assert!(
        out.contains("origin : :: error_core :: Origin :: ToolExecution"),
        "{out}"
    );
    assert!(out.contains("status : 429"), "{out}");
    assert!(
        !out.contains("from_kind") && !out.contains("stable_kind"),
        "{out}"
    );
}

#[test]
fn bounds_are_added_only_for_parameters_that_annotated_fields_use() {
    let out = expand(quote! {
        enum E<T, U, V> {
            #[agent(kind = "invalid_param", message = "x")]
            A {
                #[agent(extra)]
                value: Vec<T>,
                unused: U,
            },
            #[agent(transparent)]
            B(V),
        }
    });
    assert!(
        out.contains("Vec < T > : :: error_core :: __private :: Serialize"),
        "{out}"
    );
    assert!(out.contains("V : :: error_core :: AgentError"), "{out}");
    assert!(!out.contains("U :"), "{out}");
}

#[test]
fn a_struct_is_destructured_and_not_matched() {
    let out = expand(quote! {
        #[agent(kind = "timeout", message = "x")]
        struct S {
            #[agent(context)]
            tool: String,
        }
    });
    assert!(
        out.contains("let Self { tool : __agent_tool , .. } = self ;"),
        "{out}"
    );
    assert!(!out.contains("match self"), "{out}");
}

#[test]
fn variants_with_the_same_classification_share_one_entry() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "timeout", message = "a")]
            A,
            #[agent(kind = "timeout", message = "b")]
            B,
        }
    });
    assert!(out.contains("static __AGENT_ENTRY_0 :"), "{out}");
    assert!(!out.contains("__AGENT_ENTRY_1"), "{out}");
    let shared = "E :: A { .. } | E :: B { .. } => __agent :: Source :: Entry (& __AGENT_ENTRY_0)";
    assert!(out.contains(shared), "{out}");
}

#[test]
fn mistakes_get_a_stub_impl_beside_the_errors() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "build_failed", origin = budgett)]
            A,
        }
    });
    assert_eq!(out.matches("compile_error").count(), 2, "{out}");
    assert!(
        out.contains("impl :: error_core :: AgentError for E"),
        "{out}"
    );
    assert!(out.contains("unreachable"), "{out}");
}

#[test]
#[should_panic(expected = "without checking")]
fn unchecked_diagnostics_are_a_bug() {
    let cx = Diagnostics::new();
    drop(cx);
}
