//! naga's front ends for the command line and the tests (feature `front`): a source file by
//! its extension (`.wgsl`; `.spv`; `.vert`, `.frag`, `.comp` GLSL) or by name to a validated
//! module. Errors are rendered as the project's text errors are (`dxil as`): the message,
//! `--> file:line:column`, the source line with the span underlined and naga's label, then
//! the causes as notes.

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
    /// Every language with its name ([`Language::name`]).
    pub const ALL: [Language; 5] = [
        Language::Wgsl,
        Language::SpirV,
        Language::Glsl(ShaderStage::Vertex),
        Language::Glsl(ShaderStage::Fragment),
        Language::Glsl(ShaderStage::Compute),
    ];

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

    /// The language's name: `wgsl`, `spv`, `glsl-vert`, `glsl-frag`, `glsl-comp`.
    pub fn name(self) -> &'static str {
        match self {
            Language::Wgsl => "wgsl",
            Language::SpirV => "spv",
            Language::Glsl(ShaderStage::Vertex) => "glsl-vert",
            Language::Glsl(ShaderStage::Fragment) => "glsl-frag",
            Language::Glsl(_) => "glsl-comp",
        }
    }

    /// The language named `name` ([`Language::name`]).
    pub fn from_name(name: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// A front-end or validation failure, its message already naming `file:line:column` (and,
/// on the lines after the first, showing the source).
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct FrontError(pub String);

/// The widest piece of a source line shown, in characters; a longer line is cut around the
/// span.
const SHOWN: usize = 120;

/// `message` rendered against `source`: without a located label, `file: message` and the
/// notes; else `message`, `--> file:line:column` of the first label, each label's line
/// with its span underlined and its text, and the notes.
pub fn render(
    file: &str,
    source: Option<&str>,
    message: &str,
    labels: &[(Span, String)],
    notes: &[String],
) -> String {
    let src = source.unwrap_or("");
    let located: Vec<(std::ops::Range<usize>, &str)> = labels
        .iter()
        .filter_map(|(span, text)| {
            let r = span.to_range()?;
            (source.is_some() && r.start <= src.len()).then_some((r, text.as_str()))
        })
        .collect();
    let Some((first, _)) = located.first() else {
        let mut out = format!("{file}: {message}");
        for n in notes {
            out.push_str(&format!("\n  = note: {n}"));
        }
        return out;
    };
    let (line, col) = line_col(src, first.start);
    let width = located
        .iter()
        .map(|(r, _)| line_col(src, r.start).0.to_string().len())
        .max()
        .unwrap_or(1);
    let pad = " ".repeat(width);
    let mut out = format!("{message}\n{pad}--> {file}:{line}:{col}\n{pad} |");
    for (r, text) in &located {
        let (line, _) = line_col(src, r.start);
        let (shown, start, len) = snippet(src, r.clone());
        out.push_str(&format!(
            "\n{line:>width$} | {shown}\n{pad} | {}{}",
            " ".repeat(start),
            "^".repeat(len)
        ));
        if !text.is_empty() {
            out.push(' ');
            out.push_str(text);
        }
    }
    for n in notes {
        out.push_str(&format!("\n{pad} = note: {n}"));
    }
    out
}

/// 1-based line and character column of byte `offset` in `src`.
fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char(src, offset.min(src.len()));
    let before = &src[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |p| p + 1);
    (line, src[start..offset].chars().count() + 1)
}

fn floor_char(src: &str, mut at: usize) -> usize {
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The line holding `span`'s start as shown (tabs and control characters as spaces, cut to
/// [`SHOWN`] characters around the span, `...` where cut), the underline's start and length
/// in shown characters.
fn snippet(src: &str, span: std::ops::Range<usize>) -> (String, usize, usize) {
    let at = floor_char(src, span.start.min(src.len()));
    let line_start = src[..at].rfind('\n').map_or(0, |p| p + 1);
    let line_end = src[at..].find('\n').map_or(src.len(), |p| at + p);
    let chars: Vec<char> = src[line_start..line_end]
        .trim_end_matches('\r')
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let col = src[line_start..at].chars().count().min(chars.len());
    let end = floor_char(src, span.end.clamp(at, line_end));
    let len = src[at..end].chars().count().max(1);
    let (from, to) = if chars.len() <= SHOWN {
        (0, chars.len())
    } else {
        let from = col.saturating_sub(SHOWN / 2).min(chars.len() - SHOWN);
        (from, from + SHOWN)
    };
    let mut shown = String::new();
    let mut start = col - from;
    if from > 0 {
        shown.push_str("...");
        start += 3;
    }
    shown.extend(&chars[from..to]);
    if to < chars.len() {
        shown.push_str("...");
    }
    let room = (to.max(col + 1) - col).max(1);
    (shown, start, len.min(room))
}

/// The causes of `e`, outermost first.
fn causes(e: &dyn std::error::Error) -> Vec<String> {
    let mut out = Vec::new();
    let mut next = e.source();
    // A cause chain is finite in naga, but nothing here depends on it.
    while let Some(c) = next.filter(|_| out.len() < 32) {
        out.push(c.to_string());
        next = c.source();
    }
    out
}

/// Parses `bytes` as `lang`; `file` names the input in messages.
pub fn parse(lang: Language, bytes: &[u8], file: &str) -> Result<naga::Module, FrontError> {
    let text = || {
        std::str::from_utf8(bytes).map_err(|e| {
            FrontError(format!(
                "{file}: not UTF-8 text (at offset {:#x})",
                e.valid_up_to()
            ))
        })
    };
    match lang {
        Language::Wgsl => {
            let src = text()?;
            naga::front::wgsl::parse_str(src).map_err(|e| FrontError(wgsl_error(file, src, &e)))
        }
        Language::SpirV => naga::front::spv::parse_u8_slice(bytes, &Default::default())
            .map_err(|e| FrontError(render(file, None, &e.to_string(), &[], &causes(&e)))),
        Language::Glsl(stage) => {
            let src = text()?;
            naga::front::glsl::Frontend::default()
                .parse(&naga::front::glsl::Options::from(stage), src)
                .map_err(|e| {
                    let blocks: Vec<String> = e
                        .errors
                        .iter()
                        .take(10)
                        .map(|x| {
                            let label = [(x.meta, String::new())];
                            render(file, Some(src), &x.kind.to_string(), &label, &[])
                        })
                        .collect();
                    let mut text = blocks.join("\nerror: ");
                    if e.errors.len() > blocks.len() {
                        text.push_str(&format!(
                            "\n({} more errors)",
                            e.errors.len() - blocks.len()
                        ));
                    }
                    if text.is_empty() {
                        text = format!("{file}: GLSL error");
                    }
                    FrontError(text)
                })
        }
    }
}

/// A WGSL parse error rendered. naga's parser gives its recursion limit no position: the
/// error is then placed where the shortest prefix of the source that reaches the limit ends.
fn wgsl_error(file: &str, src: &str, e: &naga::front::wgsl::ParseError) -> String {
    let mut labels: Vec<(Span, String)> = e.labels().map(|(s, t)| (s, t.to_string())).collect();
    let notes: Vec<String> = e.notes().map(str::to_string).collect();
    let mut message = e.message().to_string();
    if labels.is_empty() && is_recursion_limit(e) {
        if let Some(end) = recursion_point(src) {
            let start = src[..end].char_indices().last().map_or(0, |(i, _)| i);
            labels.push((Span::new(start as u32, end as u32), String::new()));
            message = "nesting too deep for naga's WGSL parser".to_string();
        }
    }
    render(file, Some(src), &message, &labels, &notes)
}

fn is_recursion_limit(e: &naga::front::wgsl::ParseError) -> bool {
    e.notes().any(|n| n.contains("recursion limit"))
}

/// The end of the shortest prefix of `src` whose parse stops at the recursion limit (found by
/// bisection: a prefix parses as the whole source does up to its end, so a longer prefix
/// reaches the limit whenever a shorter one does).
fn recursion_point(src: &str) -> Option<usize> {
    let hits = |end: usize| {
        naga::front::wgsl::parse_str(&src[..end])
            .err()
            .is_some_and(|e| e.labels().len() == 0 && is_recursion_limit(&e))
    };
    // Offsets past u32 have no naga span.
    if src.len() > u32::MAX as usize {
        return None;
    }
    let (mut lo, mut hi) = (0, src.len());
    while lo < hi {
        let mid = floor_char(src, lo + (hi - lo) / 2);
        let mid = if mid <= lo {
            let mut up = lo + 1;
            while up < hi && !src.is_char_boundary(up) {
                up += 1;
            }
            up
        } else {
            mid
        };
        if mid >= hi {
            break;
        }
        if hits(mid) {
            hi = mid;
        } else {
            lo = mid;
            if lo + 1 >= hi {
                break;
            }
        }
    }
    Some(hi)
}

/// The most locations a stage's inputs or outputs may use: Direct3D 12 passes 32 registers
/// between stages (`D3D12_VS_OUTPUT_REGISTER_COUNT`, `D3D12_PS_INPUT_REGISTER_COUNT`).
pub const MAX_LOCATIONS: u32 = 32;

/// naga's validation of `module` with every capability. Entry point locations past
/// [`MAX_LOCATIONS`] are refused first (naga's validator keeps a bit per location up to
/// the highest, so memory would grow with the number).
pub fn validate(
    module: &naga::Module,
    source: Option<&str>,
    file: &str,
) -> Result<ModuleInfo, FrontError> {
    check_locations(module, source, file)?;
    Validator::new(ValidationFlags::all(), Capabilities::all())
        .validate(module)
        .map_err(|e| {
            // naga labels the spans it adds for a handle with the handle's Rust name
            // (`naga::ir::Expression [30]`): the line shown says more.
            let labels: Vec<(Span, String)> = e
                .spans()
                .map(|(s, d)| {
                    (
                        *s,
                        if d.starts_with("naga::") {
                            String::new()
                        } else {
                            d.clone()
                        },
                    )
                })
                .collect();
            FrontError(render(
                file,
                source,
                &e.as_inner().to_string(),
                &labels,
                &causes(e.as_inner()),
            ))
        })
}

fn check_locations(
    module: &naga::Module,
    source: Option<&str>,
    file: &str,
) -> Result<(), FrontError> {
    for ep in &module.entry_points {
        let arg_span = |i: usize| {
            ep.function
                .expressions
                .iter()
                .find(
                    |(_, e)| matches!(e, naga::Expression::FunctionArgument(a) if *a as usize == i),
                )
                .map_or(Span::UNDEFINED, |(h, _)| {
                    ep.function.expressions.get_span(h)
                })
        };
        let mut bound = Vec::new();
        for (i, arg) in ep.function.arguments.iter().enumerate() {
            bound.push((arg.ty, arg.binding.as_ref(), arg_span(i)));
        }
        if let Some(r) = &ep.function.result {
            bound.push((r.ty, r.binding.as_ref(), Span::UNDEFINED));
        }
        for (ty, binding, span) in bound {
            let mut each = vec![(binding, span)];
            if let naga::TypeInner::Struct { ref members, .. } = module.types[ty].inner {
                let ty_span = module.types.get_span(ty);
                each.extend(members.iter().map(|m| (m.binding.as_ref(), ty_span)));
            }
            for (b, span) in each {
                if let Some(&naga::Binding::Location { location, .. }) = b {
                    if location >= MAX_LOCATIONS {
                        let message = format!(
                            "entry point `{}`: @location({location}) is past the {MAX_LOCATIONS} \
                             locations Direct3D 12 passes between stages (0 to {})",
                            ep.name,
                            MAX_LOCATIONS - 1
                        );
                        return Err(FrontError(render(
                            file,
                            source,
                            &message,
                            &[(span, String::new())],
                            &[],
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}
