//! Input and output helpers shared by subcommands: `-` is stdin/stdout, and binary output is
//! refused when stdout is a terminal.

use std::fmt;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;

/// A CLI error: printed as `error: <message>`, exit status 1.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Reads a whole input file; `-` reads standard input.
pub fn read_input(path: &Path) -> Result<Vec<u8>, CliError> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| CliError(format!("reading standard input: {e}")))?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| CliError(format!("reading {}: {e}", path.display())))
    }
}

/// Writes binary output; `-` (or no path) writes standard output, refused on a terminal.
pub fn write_binary(path: Option<&Path>, bytes: &[u8]) -> Result<(), CliError> {
    match path {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::write(p, bytes).map_err(|e| CliError(format!("writing {}: {e}", p.display())))
        }
        _ => {
            let mut out = std::io::stdout().lock();
            if out.is_terminal() {
                return Err(CliError(
                    "refusing to write binary output to a terminal; use -o FILE or redirect".into(),
                ));
            }
            out.write_all(bytes)
                .and_then(|_| out.flush())
                .map_err(|e| CliError(format!("writing standard output: {e}")))
        }
    }
}

/// Writes text output; `-` (or no path) writes standard output.
pub fn write_text(path: Option<&Path>, text: &str) -> Result<(), CliError> {
    match path {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::write(p, text).map_err(|e| CliError(format!("writing {}: {e}", p.display())))
        }
        _ => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => Ok(()),
                // A closed pipe (`dxil dis F | head`) is not an error worth reporting.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(CliError(format!("writing standard output: {e}"))),
            }
        }
    }
}
