//! Fuzz the HLSL preprocessor, parser and analysis: any text, with an include file beside it, must
//! preprocess, parse and resolve or fail with diagnostics, never panic, overflow the stack or run
//! without end; what the preprocessor writes for `dxc -P` must read back to the same tokens
//! when nothing was reported and no `#` token could start a directive.
//!
//! Input: one selector byte (bit 0: `-enable-16bit-types`, bits 1..: the target), then the
//! main file, and after the first NUL byte the text of `inc.h` (found as `"inc.h"` and as
//! `<inc.h>` through `-I sys`).

use dxil_hlsl::pp::token::TokenKind;
use dxil_hlsl::pp::{preprocess, print, MemoryLoader, Options, Output, Target};

const PROFILES: [&str; 4] = ["cs_6_6", "ps_6_0", "lib_6_8", "ms_6_5"];

fn spellings(out: &Output) -> Vec<&str> {
    out.tokens.iter().map(|t| out.text(t)).collect()
}

/// The body of the `hlsl_pp` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (main, inc) = text.split_once('\0').unwrap_or((&text, ""));
    let opts = Options {
        enable_16bit_types: sel & 1 != 0,
        target: Target::parse(PROFILES[usize::from(sel >> 1) % PROFILES.len()]),
        include_dirs: vec!["sys".into()],
        ..Options::default()
    };
    let mut files = MemoryLoader::default();
    files.files.insert("./inc.h".into(), inc.to_string());
    files.files.insert("./sys/inc.h".into(), inc.to_string());
    let out = preprocess("main.hlsl", main, &opts, &mut files);
    let _ = out.diagnostics.render(&out.sources);
    let parsed = dxil_hlsl::parse::parse(&out);
    let _ = parsed.diagnostics.render(&out.sources);
    let analysis = dxil_hlsl::sema::analyze(&parsed);
    let _ = analysis.diagnostics.render(&out.sources);
    let printed = print(&out);
    let plain = out.tokens.iter().all(|t| {
        !matches!(t.kind, TokenKind::Pragma | TokenKind::Other)
            && !matches!(out.text(t), "#" | "##")
    });
    if out.diagnostics.is_empty() && plain {
        let again = preprocess(
            "main.i",
            &printed,
            &Options::default(),
            &mut MemoryLoader::default(),
        );
        assert_eq!(
            spellings(&again),
            spellings(&out),
            "the printed text reads back differently:\n{printed}"
        );
    }
}
