//! Preprocesses a file as `dxc -P` does: `pp FILE [-T PROFILE] [-D N[=V]]... [-I DIR]...`;
//! the text on stdout, diagnostics on stderr. With `--parse`, parses and analyses the result
//! too and prints only the diagnostics.

use dxil_hlsl::pp::{preprocess, print, FsLoader, Options, Target};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut opts = Options::default();
    let mut file = None;
    let mut parse = false;
    while let Some(a) = args.next() {
        let mut val = |a: &str, flag: &str| -> Option<String> {
            if a == flag {
                args.next()
            } else {
                a.strip_prefix(flag).map(str::to_string)
            }
        };
        if let Some(v) = val(&a, "-T") {
            opts.target = Target::parse(&v);
        } else if let Some(v) = val(&a, "-D") {
            let (k, v) = v.split_once('=').unwrap_or((&v, "1"));
            opts.defines.push((k.to_string(), Some(v.to_string())));
        } else if let Some(v) = val(&a, "-I") {
            opts.include_dirs.push(v);
        } else if let Some(v) = val(&a, "-HV") {
            opts.hlsl_version = v.parse().unwrap_or(2021);
        } else if a == "--parse" {
            parse = true;
        } else if a == "-enable-16bit-types" {
            opts.enable_16bit_types = true;
        } else if a.starts_with('-') {
            // Other compiler flags do not concern the preprocessor.
        } else {
            file = Some(a);
        }
    }
    let Some(file) = file else {
        eprintln!("usage: pp FILE [-T PROFILE] [-D N[=V]]... [-I DIR]...");
        std::process::exit(2);
    };
    let text = match std::fs::read(&file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
    };
    let out = preprocess(&file, &text, &opts, &mut FsLoader);
    if parse {
        let parsed = dxil_hlsl::parse::parse(&out);
        eprint!("{}", out.diagnostics.render(&out.sources));
        eprint!("{}", parsed.diagnostics.render(&out.sources));
        let analysis = dxil_hlsl::sema::analyze_with_locations(&parsed, &|t| {
            out.tokens.get(t as usize).map(|t| t.loc)
        });
        eprint!("{}", analysis.diagnostics.render(&out.sources));
        let failed = out.diagnostics.has_errors()
            || parsed.diagnostics.has_errors()
            || analysis.diagnostics.has_errors();
        std::process::exit(i32::from(failed));
    }
    print!("{}", print(&out));
    eprint!("{}", out.diagnostics.render(&out.sources));
    std::process::exit(i32::from(out.diagnostics.has_errors()));
}
