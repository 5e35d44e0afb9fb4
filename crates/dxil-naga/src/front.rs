//! naga's front ends for the command line and the tests (feature `front`): a source file by
//! its extension (`.wgsl`; `.spv`; `.vert`, `.frag`, `.comp` GLSL) to a validated module,
//! errors as `file:line:column: message` from naga's spans.

use naga::valid::{Capabilities, ModuleInfo, ValidationFlags, Validator};
use naga::{ShaderStage, Span};

/// The language of a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// WGSL text.
    Wgsl,
    /// SPIR-V binary.
    SpirV,
    /// GLSL text of one stage.
    Glsl(ShaderStage),
}

impl Language {
    /// The language of `path` by its extension.
    pub fn of(path: &str) -> Option<Language> {
        let ext = path.rsplit_once('.')?.1;
        Some(match ext {
            "wgsl" => Language::Wgsl,
            "spv" => Language::SpirV,
            "vert" => Language::Glsl(ShaderStage::Vertex),
            "frag" => Language::Glsl(ShaderStage::Fragment),
            "comp" => Language::Glsl(ShaderStage::Compute),
            _ => return None,
        })
    }
}

/// A front-end or validation failure, its message already naming `file:line:column`.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct FrontError(pub String);

/// `file:line:column` of `span` in `source` (just `file` without a span or text).
pub fn locate(file: &str, source: Option<&str>, span: Span) -> String {
    match source {
        Some(text) if span.is_defined() => {
            let loc = span.location(text);
            format!("{file}:{}:{}", loc.line_number, loc.line_position)
        }
        _ => file.to_string(),
    }
}

/// Parses `bytes` as `lang`; `file` names the input in messages.
pub fn parse(lang: Language, bytes: &[u8], file: &str) -> Result<naga::Module, FrontError> {
    let text = || {
        std::str::from_utf8(bytes).map_err(|e| FrontError(format!("{file}: not UTF-8 text: {e}")))
    };
    match lang {
        Language::Wgsl => {
            let src = text()?;
            naga::front::wgsl::parse_str(src).map_err(|e| {
                let at = e
                    .location(src)
                    .map(|l| format!("{file}:{}:{}", l.line_number, l.line_position))
                    .unwrap_or_else(|| file.to_string());
                FrontError(format!("{at}: {}", e.message()))
            })
        }
        Language::SpirV => naga::front::spv::parse_u8_slice(bytes, &Default::default())
            .map_err(|e| FrontError(format!("{file}: {e}"))),
        Language::Glsl(stage) => {
            let src = text()?;
            naga::front::glsl::Frontend::default()
                .parse(&naga::front::glsl::Options::from(stage), src)
                .map_err(|e| {
                    let first = e.errors.first();
                    let at = first.map_or(file.to_string(), |x| locate(file, Some(src), x.meta));
                    let msg =
                        first.map_or_else(|| "GLSL error".to_string(), |x| x.kind.to_string());
                    FrontError(format!("{at}: {msg}"))
                })
        }
    }
}

/// naga's validation of `module` with every capability.
pub fn validate(
    module: &naga::Module,
    source: Option<&str>,
    file: &str,
) -> Result<ModuleInfo, FrontError> {
    Validator::new(ValidationFlags::all(), Capabilities::all())
        .validate(module)
        .map_err(|e| {
            let span = e.spans().next().map_or(Span::UNDEFINED, |(s, _)| *s);
            FrontError(format!("{}: {}", locate(file, source, span), e.as_inner()))
        })
}
