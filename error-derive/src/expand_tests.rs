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
        out.contains(r#"__agent :: literal_message ("too {slow}")"#),
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
            r#"format_args ! ("bad {__agent_field_param} {__agent_field_param:?}" , __agent_field_param = __agent_field_param)"#
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
        out.contains("let Self { tool : __agent_field_tool , .. } = self ;"),
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

#[test]
fn inline_bounds_move_to_the_where_clause() {
    let out = expand(quote! {
        enum E<'a, T: core::fmt::Display + 'a> {
            #[agent(kind = "not_found", message = "x")]
            A {
                #[agent(context = "resource")]
                name: T,
                #[agent(cause)]
                why: &'a str,
            },
        }
    });
    assert!(
        out.contains("impl < 'a , T > :: error_core :: AgentError"),
        "{out}"
    );
    assert!(
        out.contains("where T : core :: fmt :: Display + 'a , T : :: core :: fmt :: Display"),
        "{out}"
    );
}

#[test]
fn the_expansion_never_names_std() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "invalid_param", message = "bad {param}")]
            A { #[agent(context = "tool")] param: String },
            #[agent(transparent)]
            B(Box<E>),
        }
    });
    assert!(!out.contains(":: std"), "{out}");
    assert!(out.contains("__agent :: format_args !"), "{out}");
}

#[test]
fn camel_case_fields_get_snake_case_bindings() {
    let out = expand(quote! {
        #[agent(kind = "timeout", message = "x")]
        struct S {
            #[agent(context = "tool")]
            toolName: String,
        }
    });
    assert!(out.contains("toolName : __agent_field_0_toolname"), "{out}");
}

#[test]
fn only_a_type_with_a_transparent_variant_guards_its_catalog() {
    let guarded = expand(quote! {
        enum E {
            #[agent(kind = "timeout", message = "x")]
            A,
            #[agent(transparent)]
            B(Box<E>),
        }
    });
    assert!(guarded.contains("guarded_catalog"), "{guarded}");
    let plain = expand(quote! {
        enum E {
            #[agent(kind = "timeout", message = "x")]
            A,
        }
    });
    assert!(!plain.contains("guarded_catalog"), "{plain}");
}

#[test]
fn a_secret_named_field_in_the_message_gets_a_warning() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "auth_failed", message = "key `{api_key}` was refused")]
            A { api_key: String },
            #[agent(kind = "auth_failed", message = "refused")]
            B { password: String },
        }
    });
    assert_eq!(out.matches("# [deprecated").count(), 1, "{out}");
    assert!(out.contains("`api_key` looks like a secret"), "{out}");
}

#[test]
fn a_messages_capacity_is_what_format_reserves() {
    use crate::expand::estimated_capacity;
    assert_eq!(
        estimated_capacity("30 calls per minute exceeded for {tool}"),
        66
    );
    assert_eq!(estimated_capacity("a {{b}} {x:?}"), 12);
    assert_eq!(estimated_capacity("{0}"), 0);
    assert_eq!(estimated_capacity("é{x}"), 4);
}

#[test]
fn a_messages_literal_prefix_is_what_it_writes_before_its_first_placeholder() {
    use crate::expand::literal_prefix;
    assert_eq!(
        literal_prefix("30 calls per minute exceeded for {tool}"),
        "30 calls per minute exceeded for "
    );
    assert_eq!(literal_prefix("a {{b}} }} {x:?} c"), "a {b} } ");
    assert_eq!(literal_prefix("{0} and more"), "");
    assert_eq!(literal_prefix("no placeholder"), "no placeholder");
}

#[test]
fn a_message_of_static_texts_alone_is_read_once_per_thread() {
    let out = expand(quote! {
        enum E {
            #[agent(kind = "timeout", message = "{tool} on {host:?}")]
            A { tool: &'static str, host: &'static str },
            #[agent(kind = "timeout", message = "{tool} for {user}")]
            B { tool: &'static str, user: &'a str },
            #[agent(kind = "timeout", message = "{tool} at {tool:p}")]
            C { tool: &'static str },
        }
    });
    assert_eq!(
        out.matches("__agent :: formatted_from_static (").count(),
        1,
        "{out}"
    );
    assert_eq!(out.matches("__agent :: formatted (").count(), 2, "{out}");
}
