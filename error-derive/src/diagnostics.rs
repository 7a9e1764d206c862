//! Collects every error of one derive, so that one compile shows all the mistakes.

use std::cell::RefCell;
use std::fmt::Display;
use std::thread;

use proc_macro2::Span;

/// The errors found so far. It must be consumed with [`Diagnostics::check`]; dropping
/// it unchecked is a bug in the derive and panics, so that no error is lost.
pub(crate) struct Diagnostics {
    errors: RefCell<Vec<syn::Error>>,
    checked: bool,
}

impl Diagnostics {
    pub(crate) fn new() -> Self {
        Self {
            errors: RefCell::new(Vec::new()),
            checked: false,
        }
    }

    /// Records an error spanned on `span`.
    pub(crate) fn error_at(&self, span: Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    /// Records an error that syn produced (a parse error).
    pub(crate) fn push(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// All the errors combined, in the order they were found.
    pub(crate) fn check(mut self) -> syn::Result<()> {
        self.checked = true;
        let mut errors = self.errors.take().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}

impl Drop for Diagnostics {
    fn drop(&mut self) {
        if !self.checked && !thread::panicking() {
            panic!("error-derive dropped its diagnostics without checking them");
        }
    }
}
