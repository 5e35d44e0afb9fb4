//! Input made to exhaust the preprocessor: it must end with an error, neither overflowing the
//! stack nor running without end.

use dxil_hlsl::pp::{preprocess, MemoryLoader, Options, Output, MAX_INCLUDE_DEPTH};

fn run(src: &str, files: &mut MemoryLoader) -> Output {
    preprocess("main.hlsl", src, &Options::default(), files)
}

fn first_error(out: &Output) -> String {
    out.diagnostics
        .render(&out.sources)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn doubling_macros_hit_the_token_limit() {
    let mut src = String::from("#define A0 x x\n");
    for i in 1..64 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A63\n");
    let out = run(&src, &mut MemoryLoader::default());
    assert!(
        first_error(&out).contains("preprocessing produces more than"),
        "{}",
        first_error(&out)
    );
}

#[test]
fn an_include_cycle_ends_at_the_depth_limit() {
    let mut files = MemoryLoader::default();
    files
        .files
        .insert("./self.h".into(), "#include \"self.h\"\n".into());
    let out = run("#include \"self.h\"\n", &mut files);
    assert!(
        first_error(&out).ends_with("error: #include nested too deeply"),
        "{}",
        first_error(&out)
    );
    assert!(out.sources.files().count() <= MAX_INCLUDE_DEPTH + 2);
}

#[test]
fn deeply_nested_arguments_and_expressions() {
    let n = 20_000;
    let src = format!("#define f(x) x\n{}1{}\n", "f(".repeat(n), ")".repeat(n));
    let out = run(&src, &mut MemoryLoader::default());
    assert!(
        first_error(&out).contains("nested too deeply"),
        "{}",
        first_error(&out)
    );

    let src = format!("#if {}1{}\n#endif\n", "(".repeat(n), ")".repeat(n));
    let out = run(&src, &mut MemoryLoader::default());
    assert!(
        first_error(&out).contains("nested too deeply"),
        "{}",
        first_error(&out)
    );

    let src = format!("{}{}", "#if 1\n".repeat(n), "#endif\n".repeat(n));
    let out = run(&src, &mut MemoryLoader::default());
    assert!(!out.diagnostics.has_errors());
}

#[test]
fn recursive_macros_stop() {
    let src =
        "#define a b a\n#define b a b\na b\n#define f(x) f(x) g(x)\n#define g(x) f(x)\nf(f(1))\n";
    let out = run(src, &mut MemoryLoader::default());
    assert!(!out.diagnostics.has_errors());
    assert!(out.tokens.len() < 100);
}

#[test]
fn every_prefix_of_a_shader_is_handled() {
    let src = "#define S(x) #x\n#if defined(S) && (1 << 3) > 2\n/* c */ int a = S(\"q\\\"\") ## 1;\n#elif\n#else\n#endif\n#include <x>\n'\\";
    for end in 0..=src.len() {
        if src.is_char_boundary(end) {
            let _ = run(&src[..end], &mut MemoryLoader::default());
        }
    }
}

#[test]
fn many_line_directives_number_every_line() {
    // Each `#line` renumbers the line after it; the last token is told the last number.
    let n = 20_000;
    let src: String = (0..n)
        .map(|i| format!("#line {} \"f{}.h\"\nint a{i};\n", i + 10, i % 7))
        .collect();
    let out = run(&src, &mut MemoryLoader::default());
    assert!(!out.diagnostics.has_errors());
    let last = out.tokens.last().expect("tokens");
    assert_eq!(
        out.presumed(last.loc),
        (n + 9, format!("f{}.h", (n - 1) % 7).as_str())
    );
    assert!(dxil_hlsl::pp::print(&out).contains(&format!(
        "#line {} \"f{}.h\"",
        n + 9,
        (n - 1) % 7
    )));
}

#[test]
fn comparison_chains_and_unclosed_casts_parse_in_linear_time() {
    // `a < b < c ...`: every `<` could open template arguments; each is tried once and
    // only when a `>` closes it nearby. `(vector<a (vector<a ...`: each cast's scan is bounded.
    let n = 20_000;
    let chain: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    let srcs = [
        format!("void f() {{ x = {}; }}", chain.join(" < ")),
        format!("void f() {{ x = {}; }}", "(vector<a ".repeat(n)),
    ];
    for src in srcs {
        let out = run(&src, &mut MemoryLoader::default());
        let parsed = dxil_hlsl::parse::parse(&out);
        let a = dxil_hlsl::sema::analyze(&parsed);
        // Errors stop at the limit, as clang's do.
        assert!(parsed.diagnostics.error_count() <= dxil_hlsl::diag::ERROR_LIMIT);
        assert!(a.diagnostics.error_count() <= dxil_hlsl::diag::ERROR_LIMIT);
    }
}
