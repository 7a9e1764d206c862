//! The demo gateway: an HTTP JSON API on 127.0.0.1 whose tools fail the way real
//! tools fail, the same tools over MCP at `/mcp`, and as a command.
//!
//! ```sh
//! cargo run -p examples --bin demo                     # serve on 127.0.0.1:8080
//! cargo run -p examples --bin demo -- --port 9000      # serve on another port
//! cargo run -p examples --bin demo -- call weather --json '{"city": "Paris"}'
//! ```

use std::io::{self, Write as _};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use error_core::cli::OutputFormat;
use examples::service::cli_mode::run_call;
use examples::service::http_api::{curl_line, serve};
use tokio::net::TcpListener;

/// The demo gateway of error-core: every failure is an agent error envelope.
#[derive(Parser)]
#[command(name = "demo", version)]
struct Cli {
    /// The port to serve on, on 127.0.0.1.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Calls one tool and exits: the result on stdout, a failure on stderr with a
    /// `sysexits.h` exit code.
    Call {
        /// The tool to call (`search`, `weather`, `report`, `delete_repo`, ...).
        tool: String,
        /// The arguments as a JSON object; the result and any failure are written
        /// as JSON, one line each.
        #[arg(long, value_name = "ARGS", conflicts_with = "arguments")]
        json: Option<String>,
        /// The arguments as a JSON object, for people: a failure is one line of text.
        #[arg(value_name = "ARGS")]
        arguments: Option<String>,
    },
}

/// `EX_USAGE`: the command line itself is wrong.
const EXIT_USAGE: u8 = 64;
/// `EX_UNAVAILABLE`: the port cannot be served on.
const EXIT_UNAVAILABLE: u8 = 69;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // `--help` and `--version` are not failures.
            let code = if error.use_stderr() { EXIT_USAGE } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Some(Command::Call {
            tool,
            json: Some(arguments),
            ..
        }) => run_call(&tool, &arguments, OutputFormat::Json),
        Some(Command::Call {
            tool, arguments, ..
        }) => run_call(
            &tool,
            arguments.as_deref().unwrap_or("{}"),
            OutputFormat::Human,
        ),
        None => run_server(cli.port),
    }
}

fn run_server(port: u16) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::from(EXIT_UNAVAILABLE);
        }
    };
    runtime.block_on(async move {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let listener = match TcpListener::bind(address).await {
            Ok(listener) => listener,
            Err(error) => {
                eprintln!("{}", bind_failure(address, &error));
                return ExitCode::from(EXIT_UNAVAILABLE);
            }
        };
        tracing_subscriber::fmt()
            .with_writer(io::stderr)
            .with_target(false)
            .init();
        print_banner(listener.local_addr().unwrap_or(address));
        match serve(listener, shutdown_signal()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("error: the server stopped: {error}");
                ExitCode::from(EXIT_UNAVAILABLE)
            }
        }
    })
}

fn bind_failure(address: SocketAddr, error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::AddrInUse => format!(
            "error: {address} is already in use (is another demo running?). \
             Serve on another port: cargo run -p examples --bin demo -- --port {}",
            address.port().wrapping_add(1).max(1024)
        ),
        io::ErrorKind::PermissionDenied => format!(
            "error: no permission to serve on {address}. \
             Pick a port above 1023: cargo run -p examples --bin demo -- --port 8080"
        ),
        _ => format!("error: cannot serve on {address}: {error}"),
    }
}

/// Where the demo listens and what to try. Written at once and without panicking
/// when stdout is closed: the server keeps serving either way.
fn print_banner(address: SocketAddr) {
    let base = format!("http://{address}");
    let failing = curl_line(&base, "weather", r#"{"city": "Paris"}"#);
    let succeeding = curl_line(&base, "search", r#"{"query": "rust", "limit": 2}"#);
    let banner = format!(
        "demo gateway listening on {base} (Ctrl-C stops it)\n\n\
         A failing call (rate limited: HTTP 429, Retry-After, the envelope as the body):\n  \
         {failing}\n\
         A call that succeeds:\n  {succeeding}\n\
         Every tool, each with its curl line:\n  curl -s {base}/\n\
         The same tools over MCP (streamable HTTP), for any MCP client:\n  {base}/mcp\n  \
         npx @modelcontextprotocol/inspector   (transport: Streamable HTTP, URL: {base}/mcp)\n\
         The same tools as a command (the envelope on stderr, a sysexits code):\n  \
         cargo run -p examples --bin demo -- call weather --json '{{\"city\": \"Paris\"}}'; echo \"exit $?\"\n\n"
    );
    let mut stdout = io::stdout().lock();
    let _ = stdout.write_all(banner.as_bytes());
    let _ = stdout.flush();
}

async fn shutdown_signal() {
    // Without a Ctrl-C handler the process still stops on Ctrl-C, only less
    // gracefully; there is nothing else to wait for.
    let _ = tokio::signal::ctrl_c().await;
}
