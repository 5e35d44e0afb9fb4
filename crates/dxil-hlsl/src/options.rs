//! DXC's command line: the arguments `dxc` takes, read into the compiler's [`Options`] and
//! what to do with the result, so that scripts and test suites that call `dxc` can call us
//! unchanged.
//!
//! Arguments are read as DXC's option table (its `HLSLOptions.td`) reads them, for the
//! options we honour: case-sensitive names after `-` or `/` (`/T cs_6_0` is `-T cs_6_0`), the
//! longest name that matches; flags (`-Od`) match whole, joined-or-separate options take the
//! rest of the word or the next word (`-Emain`, `-E main`), separate ones the next word
//! (`-HV 2021`). A word that starts with `/` and names no option is an input path (a Unix
//! path), as DXC reads it. Beyond DXC: `--` ends the options (the words after it are inputs)
//! and `-U NAME` undefines a macro. An option we do not honour is refused by name, never
//! ignored.
//!
//! ```
//! use dxil_hlsl::options::{parse, Action};
//!
//! let cmd = parse(&["-T", "cs_6_0", "-E", "main", "-DN=4", "/Zpr", "a.hlsl"]).unwrap();
//! assert_eq!(cmd.action, Action::Compile);
//! assert_eq!(cmd.input.as_deref(), Some("a.hlsl"));
//! assert_eq!(cmd.options.pp.defines, [("N".to_string(), Some("4".to_string()))]);
//! assert!(parse(&["-T", "cs_6_0", "-spirv", "a.hlsl"]).is_err());
//! ```

use std::fmt;

use crate::compile::{Denorm, MatrixOrder, Options};
use crate::pp::Target;

/// What the command line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Compile the input (the default).
    Compile,
    /// `-P`: preprocess the input to `-Fi FILE`, or to the input's path with `.i` for its
    /// extension.
    Preprocess,
    /// `-dumpbin`: the input is a container; print its disassembly.
    Dumpbin,
    /// `-help`, `-?`: print the options.
    Help,
}

/// A DXC command line, read.
#[derive(Clone, Debug)]
pub struct DxcCommand {
    /// What to do.
    pub action: Action,
    /// The compiler's options (`pp.target` from `-T`).
    pub options: Options,
    /// The input file (`None` only for [`Action::Help`]).
    pub input: Option<String>,
    /// `-Fo`: where the container is written.
    pub object: Option<String>,
    /// `-Fc`: where the disassembly is written.
    pub listing: Option<String>,
    /// Where `-P` writes: `-Fi`, else the input with its extension replaced by `.i`.
    pub preprocessed: Option<String>,
    /// Validate what is compiled (off with `-Vd`).
    pub validate: bool,
    /// Warnings about the command line itself (an old profile promoted to 6.0), as DXC
    /// prints them.
    pub warnings: Vec<String>,
}

/// A command line refused: the message says which argument and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

/// How an option takes its value (the kinds of LLVM's option tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// No value; the word is the name alone.
    Flag,
    /// The rest of the word, whatever it is (a family of names: DXC's `-fvk-...`).
    Joined,
    /// The value is the next word.
    Separate,
    /// The value is the rest of the word, or the next word when the rest is empty.
    JoinedOrSeparate,
}

/// Which option a word named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Id {
    Define,
    Undefine,
    Include,
    Target,
    Entry,
    HlslVersion,
    Enable16BitTypes,
    Opt(u8),
    Od,
    Fo,
    Fc,
    Fi,
    Vd,
    Zpr,
    Zpc,
    NoLegacyCbufLayout,
    Denorm,
    WarningsAsErrors,
    Gis,
    /// Asks for something the compiler never writes (reflection, lifetime markers).
    NoReflection,
    NoWarnings,
    Preprocess,
    Dumpbin,
    NoLogo,
    /// A SPIR-V option that does not change DXIL (accepted, as DXC accepts it).
    SpirvOnly,
    Help,
    /// An option of DXC's that we know and refuse, with why.
    Refused(&'static str),
}

/// One option of the table.
struct Spec {
    name: &'static str,
    kind: Kind,
    id: Id,
    /// Also spelled with `/` (DXC's `/T`); `-U` is ours and takes `-` alone.
    slash: bool,
    /// The value's name in the help (`<profile>`).
    meta: &'static str,
    /// The help line; empty for options the help does not list (refused ones).
    help: &'static str,
}

const fn spec(
    name: &'static str,
    kind: Kind,
    id: Id,
    meta: &'static str,
    help: &'static str,
) -> Spec {
    Spec {
        name,
        kind,
        id,
        slash: true,
        meta,
        help,
    }
}

const NO_DEBUG_INFO: &str = "debug information is not produced";
const NO_SPIRV: &str =
    "SPIR-V is not produced (as by a dxc built without SPIR-V, which refuses it too)";

/// The options: DXC's spellings (its `HLSLOptions.td`).
const TABLE: &[Spec] = &[
    spec("D", Kind::JoinedOrSeparate, Id::Define, "<value>", "Define macro"),
    Spec {
        slash: false,
        ..spec("U", Kind::JoinedOrSeparate, Id::Undefine, "<value>", "Undefine macro (not in DXC)")
    },
    spec("I", Kind::JoinedOrSeparate, Id::Include, "<value>", "Add directory to include search path"),
    spec("T", Kind::JoinedOrSeparate, Id::Target, "<profile>", "Set target profile (e.g. cs_6_0)"),
    spec("E", Kind::JoinedOrSeparate, Id::Entry, "<value>", "Entry point name (default main)"),
    spec("HV", Kind::Separate, Id::HlslVersion, "<value>", "HLSL version (2016, 2017, 2018, 2021, 202x). Default is 2021"),
    spec("enable-16bit-types", Kind::Flag, Id::Enable16BitTypes, "", "Enable 16bit types and disable min precision types (shader model 6.2 and HLSL 2018 or later)"),
    spec("O0", Kind::Flag, Id::Opt(0), "", "Optimization Level 0"),
    spec("O1", Kind::Flag, Id::Opt(1), "", "Optimization Level 1"),
    spec("O2", Kind::Flag, Id::Opt(2), "", "Optimization Level 2"),
    spec("O3", Kind::Flag, Id::Opt(3), "", "Optimization Level 3 (Default)"),
    spec("Od", Kind::Flag, Id::Od, "", "Disable optimizations"),
    spec("Fo", Kind::JoinedOrSeparate, Id::Fo, "<file>", "Output object file"),
    spec("Fc", Kind::JoinedOrSeparate, Id::Fc, "<file>", "Output assembly code listing file"),
    spec("Fi", Kind::JoinedOrSeparate, Id::Fi, "<file>", "Set preprocess output file name (with -P)"),
    spec("Vd", Kind::Flag, Id::Vd, "", "Disable validation"),
    spec("Zpr", Kind::Flag, Id::Zpr, "", "Pack matrices in row-major order"),
    spec("Zpc", Kind::Flag, Id::Zpc, "", "Pack matrices in column-major order"),
    spec("no-legacy-cbuf-layout", Kind::Flag, Id::NoLegacyCbufLayout, "", "Do not use legacy cbuffer load"),
    spec("denorm", Kind::JoinedOrSeparate, Id::Denorm, "<value>", "select denormal value options (any, preserve, ftz). any is the default."),
    spec("WX", Kind::Flag, Id::WarningsAsErrors, "", "Treat warnings as errors"),
    spec("P", Kind::Flag, Id::Preprocess, "", "Preprocess to file"),
    spec("dumpbin", Kind::Flag, Id::Dumpbin, "", "Load a binary file rather than compiling"),
    spec("nologo", Kind::Flag, Id::NoLogo, "", "Suppress copyright message"),
    spec("help", Kind::Flag, Id::Help, "", "Display available options"),
    spec("?", Kind::Flag, Id::Help, "", ""),
    spec("Zi", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Zs", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Zss", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Zsb", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Fd", Kind::JoinedOrSeparate, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Qembed_debug", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Qsource_in_debug_module", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Qstrip_debug", Kind::Flag, Id::Refused(NO_DEBUG_INFO), "", ""),
    spec("Gis", Kind::Flag, Id::Gis, "", "Force IEEE strictness"),
    spec("Qstrip_reflect", Kind::Flag, Id::NoReflection, "", "Strip reflection data from shader bytecode (none is written)"),
    spec("disable-lifetime-markers", Kind::Flag, Id::NoReflection, "", "Disable generation of lifetime markers (none are written)"),
    spec("no-warnings", Kind::Flag, Id::NoWarnings, "", "Suppress warnings"),
    Spec {
        slash: false,
        ..spec("spirv", Kind::Flag, Id::Refused(NO_SPIRV), "", "")
    },
    // DXC's SPIR-V options all start so; a word of any length after them.
    Spec {
        slash: false,
        ..spec("fvk-", Kind::Joined, Id::Refused(NO_SPIRV), "", "")
    },
    Spec {
        slash: false,
        ..spec("fspv-", Kind::Joined, Id::Refused(NO_SPIRV), "", "")
    },
    // Asks SPIR-V for maximal reconvergence; DXIL's control flow already reconverges as
    // HLSL states it, and DXC accepts the flag when writing DXIL.
    Spec {
        slash: false,
        ..spec(
            "fspv-enable-maximal-reconvergence",
            Kind::Flag,
            Id::SpirvOnly,
            "",
            "Accepted as DXC accepts it; it changes only SPIR-V",
        )
    },
    Spec {
        slash: false,
        ..spec("Oconfig=", Kind::Joined, Id::Refused(NO_SPIRV), "", "")
    },
    Spec {
        slash: false,
        ..spec("vkbr", Kind::Flag, Id::Refused(NO_SPIRV), "", "")
    },
];

/// Reads a DXC command line (the words after `dxc`).
pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<DxcCommand, OptionError> {
    let mut opts = Options::default();
    let mut profile: Option<String> = None;
    let mut inputs: Vec<String> = Vec::new();
    let mut object = None;
    let mut listing = None;
    let mut fi = None;
    let mut validate = true;
    let mut od = false;
    let mut opt_level = None;
    let mut zpr = false;
    let mut zpc = false;
    let mut denorm_given = false;
    let mut enable_16bit = false;
    let mut preprocess = false;
    let mut dumpbin = false;
    let mut help = false;
    let mut i = 0;
    while i < args.len() {
        let word = args[i].as_ref();
        i += 1;
        if word == "--" {
            inputs.extend(args[i..].iter().map(|a| a.as_ref().to_string()));
            break;
        }
        let Some((spec, rest)) = lookup(word) else {
            if word.starts_with('-') && word != "-" {
                return Err(OptionError(format!("unsupported option '{word}'")));
            }
            // A word that starts with `/` and names no option is a Unix path, as DXC reads it.
            inputs.push(word.to_string());
            continue;
        };
        let spelled = &word[..word.len() - rest.len()];
        let value = match spec.kind {
            Kind::Flag | Kind::Joined => None,
            Kind::JoinedOrSeparate if !rest.is_empty() => Some(rest.to_string()),
            Kind::Separate | Kind::JoinedOrSeparate => match args.get(i) {
                Some(v) => {
                    i += 1;
                    Some(v.as_ref().to_string())
                }
                None => {
                    return Err(OptionError(format!("argument to '{spelled}' is missing")));
                }
            },
        };
        let value = value.unwrap_or_default();
        match spec.id {
            Id::Define => {
                let (name, v) = match value.split_once('=') {
                    Some((n, v)) => (n.to_string(), v.to_string()),
                    None => (value.clone(), "1".to_string()),
                };
                if name.is_empty() {
                    return Err(OptionError(format!(
                        "'{spelled}{value}': macro name missing (-D NAME or -D NAME=VALUE)"
                    )));
                }
                opts.pp.defines.push((name, Some(v)));
            }
            Id::Undefine => {
                if value.is_empty() {
                    return Err(OptionError(format!("'{spelled}': macro name missing")));
                }
                opts.pp.defines.push((value, None));
            }
            Id::Include => opts.pp.include_dirs.push(value),
            Id::Target => profile = Some(value),
            Id::Entry => opts.entry = value,
            Id::HlslVersion => {
                opts.pp.hlsl_version = match value.as_str() {
                    "2016" => 2016,
                    "2017" => 2017,
                    "2018" => 2018,
                    "2021" => 2021,
                    // DXC's name for the version after 2021; `__HLSL_VERSION` is 2029.
                    "202x" => 2029,
                    "2015" => {
                        return Err(OptionError(
                            "HLSL Version 2015 is only supported for language services".into(),
                        ))
                    }
                    _ => {
                        return Err(OptionError(format!(
                            "unknown HLSL version: {value}. Valid versions: 2016, 2017, 2018, \
                             2021 and 202x"
                        )))
                    }
                }
            }
            Id::Enable16BitTypes => enable_16bit = true,
            Id::Opt(n) => opt_level = Some(n),
            Id::Od => od = true,
            Id::Fo => object = Some(value),
            Id::Fc => listing = Some(value),
            Id::Fi => fi = Some(value),
            Id::Vd => validate = false,
            Id::Zpr => zpr = true,
            Id::Zpc => zpc = true,
            Id::NoLegacyCbufLayout => opts.legacy_cbuffer_layout = false,
            Id::Denorm => {
                denorm_given = true;
                opts.denorm = match value.to_ascii_lowercase().as_str() {
                    "any" => Denorm::Any,
                    "preserve" => Denorm::Preserve,
                    "ftz" => Denorm::Ftz,
                    _ => {
                        return Err(OptionError(format!(
                            "unsupported value '{value}' for denorm option (any, preserve or \
                             ftz)"
                        )))
                    }
                }
            }
            Id::WarningsAsErrors => opts.warnings_as_errors = true,
            Id::Gis => opts.ieee_strict = true,
            Id::NoReflection => {}
            Id::NoWarnings => opts.no_warnings = true,
            Id::Preprocess => preprocess = true,
            Id::Dumpbin => dumpbin = true,
            Id::NoLogo | Id::SpirvOnly => {}
            Id::Help => help = true,
            Id::Refused(why) => {
                return Err(OptionError(format!("unsupported option '{word}': {why}")));
            }
        }
    }

    let mut warnings = Vec::new();
    if help {
        return Ok(DxcCommand {
            action: Action::Help,
            options: opts,
            input: None,
            object,
            listing,
            preprocessed: None,
            validate,
            warnings,
        });
    }
    let input = match inputs.as_slice() {
        [] => {
            return Err(OptionError(
                "required input file argument is missing. use -help to get more information."
                    .into(),
            ))
        }
        [one] => one.clone(),
        many => {
            return Err(OptionError(format!(
                "{} input files ({}): dxc compiles one",
                many.len(),
                many.join(", ")
            )))
        }
    };
    if zpr && zpc {
        return Err(OptionError("cannot specify -Zpr and -Zpc together".into()));
    }
    if zpr {
        opts.matrix_order = MatrixOrder::RowMajor;
    }
    opts.optimization = if od { None } else { opt_level.or(Some(3)) };
    if let Some(p) = &profile {
        let target = parse_profile(p, &mut warnings)?;
        opts.pp.target = Some(target);
    }
    let action = match (preprocess, dumpbin) {
        (true, true) => {
            return Err(OptionError(
                "-P and -dumpbin cannot be used together".into(),
            ))
        }
        (true, false) => Action::Preprocess,
        (false, true) => Action::Dumpbin,
        (false, false) => Action::Compile,
    };
    let only = |flag: &str, with: &str| OptionError(format!("{flag} cannot be used with {with}"));
    match action {
        Action::Preprocess => {
            if object.is_some() {
                return Err(only(
                    "-Fo",
                    "-P (which writes the preprocessed text to -Fi)",
                ));
            }
            if listing.is_some() {
                return Err(only(
                    "-Fc",
                    "-P (which writes the preprocessed text to -Fi)",
                ));
            }
        }
        Action::Dumpbin => {
            if object.is_some() {
                return Err(only(
                    "-Fo",
                    "-dumpbin (which prints the disassembly, or writes it to -Fc)",
                ));
            }
            if fi.is_some() {
                return Err(OptionError("-Fi names the output of -P".into()));
            }
        }
        Action::Compile => {
            if fi.is_some() {
                return Err(OptionError("-Fi names the output of -P".into()));
            }
            let Some(target) = opts.pp.target else {
                return Err(OptionError(
                    "target profile argument is missing (-T, e.g. -T cs_6_0)".into(),
                ));
            };
            let sm62 = (target.major, target.minor) >= (6, 2);
            if enable_16bit && !(sm62 && opts.pp.hlsl_version >= 2018) {
                return Err(OptionError(
                    "enable-16bit-types is only allowed for shader model >= 6.2 and HLSL \
                     Language >= 2018."
                        .into(),
                ));
            }
            if denorm_given && !sm62 {
                return Err(OptionError(
                    "denorm option is only allowed for shader model 6.2 and above.".into(),
                ));
            }
        }
        Action::Help => {}
    }
    opts.pp.enable_16bit_types = enable_16bit;
    let preprocessed = match action {
        Action::Preprocess => Some(fi.unwrap_or_else(|| with_extension_i(&input))),
        _ => None,
    };
    Ok(DxcCommand {
        action,
        options: opts,
        input: Some(input),
        object,
        listing,
        preprocessed,
        validate,
        warnings,
    })
}

/// The option a word names and the rest of the word after its name: the longest name that
/// the word starts with (after `-`, or `/` for the options DXC spells so), a flag only when
/// nothing follows its name.
fn lookup(word: &str) -> Option<(&'static Spec, &str)> {
    let (body, slash) = if let Some(b) = word.strip_prefix('-') {
        // `--help` is DXC's too; other `--` words name nothing.
        (
            b.strip_prefix('-').filter(|b| *b == "help").unwrap_or(b),
            false,
        )
    } else if let Some(b) = word.strip_prefix('/') {
        (b, true)
    } else {
        return None;
    };
    TABLE
        .iter()
        .filter(|s| !slash || s.slash)
        .filter(|s| body.starts_with(s.name))
        .filter(|s| s.kind != Kind::Flag || body.len() == s.name.len())
        .filter(|s| s.kind != Kind::Separate || body.len() == s.name.len())
        .max_by_key(|s| s.name.len())
        .map(|s| (s, &body[s.name.len()..]))
}

/// `-T`'s profile: a stage and shader model 6.0 to 6.9; an older model is promoted to 6.0
/// with a warning, as DXC does.
fn parse_profile(p: &str, warnings: &mut Vec<String>) -> Result<Target, OptionError> {
    let Some(mut t) = Target::parse(p) else {
        return Err(OptionError(format!(
            "unable to parse shader model '{p}' (a profile such as cs_6_0: ps, vs, gs, hs, ds, \
             cs, lib, ms or as, then _6_0 to _6_9)"
        )));
    };
    if t.major < 6 {
        warnings.push("Promoting older shader model profile to 6.0 version.".into());
        t.major = 6;
        t.minor = 0;
    }
    if t.major != 6 || t.minor > 9 {
        return Err(OptionError(format!(
            "invalid profile {p} (shader models 6.0 to 6.9 are compiled)"
        )));
    }
    Ok(t)
}

/// DXC's default `-P` output: the input's path with its extension replaced by `.i`.
fn with_extension_i(input: &str) -> String {
    let file_start = input.rfind('/').map_or(0, |i| i + 1);
    match input[file_start..].rfind('.') {
        Some(dot) if dot > 0 => format!("{}.i", &input[..file_start + dot]),
        _ => format!("{input}.i"),
    }
}

/// The options, listed as `dxc -help` lists its own.
pub fn help(program: &str) -> String {
    let mut out = format!(
        "OVERVIEW: HLSL to DXIL, with DXC's command line\n\nUSAGE: {program} [options] \
         <input>\n\nOptions:\n"
    );
    for s in TABLE.iter().filter(|s| !s.help.is_empty()) {
        let left = if s.meta.is_empty() {
            format!("-{}", s.name)
        } else {
            format!("-{} {}", s.name, s.meta)
        };
        if left.len() > 22 {
            out.push_str(&format!("  {left}\n  {:24}{}\n", "", s.help));
        } else {
            out.push_str(&format!("  {left:24}{}\n", s.help));
        }
    }
    out.push_str(
        "\nOptions are also spelled with '/' (/T cs_6_0); '--' ends the options. Other options \
         of DXC are refused by name.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(args: &[&str]) -> DxcCommand {
        parse(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
    }

    fn err(args: &[&str]) -> String {
        match parse(args) {
            Ok(c) => panic!("{args:?} accepted: {c:?}"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn joined_separate_and_slash_spellings_agree() {
        for args in [
            &["-T", "cs_6_2", "-E", "f", "-I", "inc", "a.hlsl"][..],
            &["-Tcs_6_2", "-Ef", "-Iinc", "a.hlsl"],
            &["/T", "cs_6_2", "/E", "f", "/I", "inc", "a.hlsl"],
            &["/Tcs_6_2", "/Ef", "/Iinc", "a.hlsl"],
        ] {
            let c = ok(args);
            assert_eq!(c.action, Action::Compile);
            assert_eq!(c.options.entry, "f");
            assert_eq!(c.options.pp.include_dirs, ["inc"]);
            assert_eq!(
                c.options.pp.target,
                Some(Target {
                    stage: 5,
                    major: 6,
                    minor: 2
                })
            );
            assert_eq!(c.input.as_deref(), Some("a.hlsl"));
        }
    }

    #[test]
    fn defines_and_undefines_keep_their_order() {
        let c = ok(&[
            "-T", "cs_6_0", "-D", "A=1", "-DB", "-UA", "-D", "C=x=y", "a.hlsl",
        ]);
        let d = |n: &str, v: Option<&str>| (n.to_string(), v.map(str::to_string));
        assert_eq!(
            c.options.pp.defines,
            [
                d("A", Some("1")),
                d("B", Some("1")),
                d("A", None),
                d("C", Some("x=y"))
            ]
        );
        assert!(err(&["-T", "cs_6_0", "-D=1", "a.hlsl"]).contains("macro name missing"));
    }

    #[test]
    fn unix_paths_are_inputs_and_longest_names_win() {
        let c = ok(&["-T", "cs_6_0", "/tmp/a.hlsl"]);
        assert_eq!(c.input.as_deref(), Some("/tmp/a.hlsl"));
        // `-denorm` is not `-D enorm`; `-Od` is not `-O` anything.
        let c = ok(&["-T", "cs_6_2", "-denorm", "ftz", "-Od", "a.hlsl"]);
        assert_eq!(c.options.denorm, Denorm::Ftz);
        assert!(c.options.pp.defines.is_empty());
        assert_eq!(c.options.optimization, None);
        let c = ok(&["-T", "cs_6_2", "-denormpreserve", "a.hlsl"]);
        assert_eq!(c.options.denorm, Denorm::Preserve);
    }

    #[test]
    fn optimization_levels() {
        assert_eq!(ok(&["-T", "cs_6_0", "a"]).options.optimization, Some(3));
        assert_eq!(
            ok(&["-T", "cs_6_0", "-O1", "a"]).options.optimization,
            Some(1)
        );
        assert_eq!(
            ok(&["-T", "cs_6_0", "-O0", "-O2", "a"])
                .options
                .optimization,
            Some(2)
        );
        // `-Od` disables optimization whatever level is also given, as in DXC.
        assert_eq!(
            ok(&["-T", "cs_6_0", "-Od", "-O3", "a"])
                .options
                .optimization,
            None
        );
        assert!(err(&["-T", "cs_6_0", "-O4", "a"]).contains("'-O4'"));
    }

    #[test]
    fn flags_set_their_options() {
        let c = ok(&[
            "-T",
            "cs_6_2",
            "-HV",
            "2018",
            "-enable-16bit-types",
            "-Zpr",
            "-no-legacy-cbuf-layout",
            "-WX",
            "-Vd",
            "-nologo",
            "-Fo",
            "o.dxil",
            "-Fco.ll",
            "a.hlsl",
        ]);
        assert_eq!(c.options.pp.hlsl_version, 2018);
        assert!(c.options.pp.enable_16bit_types);
        assert_eq!(c.options.matrix_order, MatrixOrder::RowMajor);
        assert!(!c.options.legacy_cbuffer_layout);
        assert!(c.options.warnings_as_errors);
        assert!(!c.validate);
        assert_eq!(c.object.as_deref(), Some("o.dxil"));
        assert_eq!(c.listing.as_deref(), Some("o.ll"));
    }

    #[test]
    fn hlsl_202x_is_2029() {
        let c = ok(&["-T", "cs_6_0", "-HV", "202x", "a"]);
        assert_eq!(c.options.pp.hlsl_version, 2029);
    }

    #[test]
    fn refusals_name_the_option() {
        assert!(err(&["-T", "cs_6_0", "-fspv-target-env=vulkan1.1", "a"])
            .starts_with("unsupported option '-fspv-target-env=vulkan1.1': SPIR-V"));
        assert!(err(&["-T", "cs_6_0", "-fvk-use-dx-layout", "a"])
            .starts_with("unsupported option '-fvk-use-dx-layout': SPIR-V"));
        assert!(err(&["-T", "cs_6_0", "-foo", "a"]) == "unsupported option '-foo'");
        assert!(err(&["-T", "cs_6_0", "-Zi", "a"]).starts_with("unsupported option '-Zi'"));
        assert!(err(&["-T", "cs_6_0", "/Zi", "a"]).starts_with("unsupported option '/Zi'"));
        assert!(err(&["-T", "cs_6_0", "--version", "a"]).contains("'--version'"));
        // A flag takes nothing joined: `-Vdx` is not `-Vd`.
        assert!(err(&["-T", "cs_6_0", "-Vdx", "a"]).contains("'-Vdx'"));
        assert!(err(&["-T", "cs_6_0", "a", "-Fo"]).contains("argument to '-Fo' is missing"));
        assert!(err(&["-T", "cs_6_0", "-HV", "2019", "a"]).contains("2019"));
        assert!(err(&["-T", "cs_6_2", "-denorm", "x", "a"]).contains("'x'"));
        assert!(err(&["-T", "cs_6_0", "-Zpr", "-Zpc", "a"]).contains("-Zpr and -Zpc"));
        assert!(err(&["a.hlsl"]).contains("target profile"));
        assert!(err(&["-T", "cs_6_0"]).contains("input file"));
        assert!(err(&["-T", "cs_6_0", "a", "b"]).contains("2 input files"));
        assert!(err(&["-T", "cs_6_0", "-enable-16bit-types", "a"]).contains("6.2"));
        assert!(err(&["-T", "cs_6_2", "-denorm", "ftz", "-T", "cs_6_1", "a"]).contains("6.2"));
        assert!(err(&["-T", "foo", "a"]).contains("'foo'"));
        assert!(err(&["-T", "cs_7_0", "a"]).contains("cs_7_0"));
    }

    #[test]
    fn old_profiles_are_promoted() {
        let c = ok(&["-T", "cs_5_0", "a"]);
        assert_eq!(
            c.options.pp.target.map(|t| (t.major, t.minor)),
            Some((6, 0))
        );
        assert_eq!(c.warnings.len(), 1);
    }

    #[test]
    fn double_dash_ends_the_options() {
        let c = ok(&["-T", "cs_6_0", "--", "-odd.hlsl"]);
        assert_eq!(c.input.as_deref(), Some("-odd.hlsl"));
    }

    #[test]
    fn preprocess_and_dumpbin() {
        let c = ok(&["-P", "dir/a.b.hlsl"]);
        assert_eq!(c.action, Action::Preprocess);
        assert_eq!(c.preprocessed.as_deref(), Some("dir/a.b.i"));
        assert_eq!(
            ok(&["-P", "x.y/a"]).preprocessed.as_deref(),
            Some("x.y/a.i")
        );
        let c = ok(&["/P", "/Fi", "out.txt", "a.hlsl"]);
        assert_eq!(c.preprocessed.as_deref(), Some("out.txt"));
        assert!(err(&["-P", "-Fo", "o", "a"]).contains("-Fo"));
        assert!(err(&["-T", "cs_6_0", "-Fi", "o", "a"]).contains("-Fi"));
        let c = ok(&["-dumpbin", "a.dxil"]);
        assert_eq!(c.action, Action::Dumpbin);
        assert_eq!(ok(&["-help"]).action, Action::Help);
        assert_eq!(ok(&["/?"]).action, Action::Help);
        assert_eq!(ok(&["--help"]).action, Action::Help);
    }

    #[test]
    fn help_lists_every_option_honoured() {
        let h = help("dxc");
        for s in TABLE
            .iter()
            .filter(|s| !matches!(s.id, Id::Refused(_) | Id::Help))
        {
            assert!(
                h.contains(&format!("  -{}", s.name)),
                "-{} missing:\n{h}",
                s.name
            );
        }
        assert!(!h.contains("-Zi"));
    }
}
