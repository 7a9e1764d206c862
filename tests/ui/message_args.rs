//! Widths and precisions may name a field (`{param:>width$}`); `.*` cannot be
//! given one, and a count must name a field.
use error_core::AgentError;

#[derive(Debug, AgentError)]
enum FormatError {
    #[agent(kind = "invalid_param", message = "{value:.*}")]
    Star { value: f64 },
    #[agent(kind = "invalid_param", message = "{param:>widht$}")]
    Width { param: String, width: usize },
}

fn main() {}
