//! The preprocessor on the examples of the C and C++ standards' macro chapters
//! ([cpp.scope], [cpp.concat], [cpp.replace] examples) and on each directive, compared token
//! by token with the expansion the standard gives.

use dxil_hlsl::pp::{preprocess, print, MemoryLoader, Options, Output, Target};

fn run(src: &str) -> Output {
    run_with(src, &Options::default(), MemoryLoader::default())
}

fn run_with(src: &str, opts: &Options, mut files: MemoryLoader) -> Output {
    preprocess("main.hlsl", src, opts, &mut files)
}

/// The spellings of the tokens of `out`.
fn spellings(out: &Output) -> Vec<String> {
    out.tokens.iter().map(|t| out.text(t).to_string()).collect()
}

/// The tokens `text` is made of (no macros).
fn tokens_of(text: &str) -> Vec<String> {
    let out = run(text);
    assert!(!out.diagnostics.has_errors(), "{text}");
    spellings(&out)
}

fn errors(out: &Output) -> String {
    out.diagnostics.render(&out.sources)
}

fn expands_to(src: &str, expected: &str) {
    let out = run(src);
    assert!(!out.diagnostics.has_errors(), "{}", errors(&out));
    assert_eq!(spellings(&out), tokens_of(expected), "{src}");
}

#[test]
fn standard_rescanning_example() {
    expands_to(
        r#"#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
"#,
        r#"f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };
"#,
    );
}

#[test]
fn standard_stringize_and_paste_example() {
    expands_to(
        r#"#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
"#,
        r#"printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
"vers2.h"
"hello";
"hello" ", world"
"#,
    );
}

#[test]
fn standard_variadic_example() {
    expands_to(
        r#"#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test): printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"#,
        r#"fprintf(stderr, "Flag");
fprintf(stderr, "X = %d\n", x);
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
"#,
    );
}

#[test]
fn gnu_comma_paste_and_named_variadics() {
    expands_to(
        "#define e(fmt, ...) f(fmt, ## __VA_ARGS__)\n#define n(args...) g(args)\ne(a) e(a, b, c) n(1, 2)\n",
        "f(a) f(a, b, c) g(1, 2)",
    );
}

#[test]
fn self_reference_is_not_expanded_again() {
    expands_to(
        "#define foo foo + 1\n#define a b\n#define b a\nfoo a b\n",
        "foo + 1 a b",
    );
}

#[test]
fn function_like_name_without_parentheses_stays() {
    expands_to("#define f(x) [x]\nf + f (1) f\n(2)\n", "f + [1] [2]");
}

#[test]
fn conditionals() {
    expands_to(
        r#"#define A 2
#if A > 3
no1
#elif defined(A) && A == 2
yes1
#else
no2
#endif
#ifdef B
no3
#elif !defined B
yes2
#endif
#if 0
#if garbage ((
#else
#error not reached
#endif
#elif 1
yes3
#endif
#ifndef A
no4
#else
yes4
#endif
"#,
        "yes1 yes2 yes3 yes4",
    );
}

#[test]
fn line_and_file() {
    let out = run("a __LINE__\n#line 100 \"other.hlsl\"\nb __LINE__ __FILE__\n__LINE__\n");
    assert_eq!(spellings(&out), tokens_of("a 1 b 100 \"other.hlsl\" 101"));
}

#[test]
fn predefined_macros_follow_the_options() {
    let opts = Options {
        target: Target::parse("cs_6_6"),
        enable_16bit_types: true,
        hlsl_version: 2018,
        defines: vec![
            ("N".into(), Some("4".into())),
            ("M".into(), Some("".into())),
        ],
        ..Options::default()
    };
    let out = run_with(
        "__SHADER_TARGET_STAGE __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR __HLSL_VERSION __HLSL_ENABLE_16_BIT N [M] __SHADER_STAGE_COMPUTE",
        &opts,
        MemoryLoader::default(),
    );
    assert!(!out.diagnostics.has_errors(), "{}", errors(&out));
    assert_eq!(spellings(&out), tokens_of("5 6 6 2018 1 4 [] 5"));
    assert_eq!(
        Target::parse("lib_6_x"),
        Some(Target {
            stage: 6,
            major: 6,
            minor: 15
        })
    );
    assert_eq!(Target::parse("xs_6_0"), None);
}

#[test]
fn includes_search_the_includer_then_the_include_dirs() {
    let mut files = MemoryLoader::default();
    files.files.insert(
        "./inc/a.hlsli".into(),
        "#pragma once\n#include \"b.hlsli\"\nA\n".into(),
    );
    files.files.insert("./inc/b.hlsli".into(), "B\n".into());
    files.files.insert(
        "./sys/c.h".into(),
        "#ifndef C_H\n#define C_H\nC\n#endif\n".into(),
    );
    let opts = Options {
        include_dirs: vec!["sys".into()],
        ..Options::default()
    };
    let src = "#include \"inc/a.hlsli\"\n#include \"inc/a.hlsli\"\n#include <c.h>\n#include \"c.h\"\nend\n";
    let out = run_with(src, &opts, files);
    assert!(!out.diagnostics.has_errors(), "{}", errors(&out));
    assert_eq!(spellings(&out), tokens_of("B A C end"));
    assert_eq!(
        print(&out),
        "#line 1 \"main.hlsl\"\n#line 1 \"./inc/a.hlsli\"\n\n#line 1 \"./inc/b.hlsli\"\nB\n#line 3 \"./inc/a.hlsli\"\nA\n#line 2 \"main.hlsl\"\n\n#line 1 \"./sys/c.h\"\n\n\nC\n#line 4 \"main.hlsl\"\n\nend\n"
    );
}

#[test]
fn pragmas_pass_through() {
    let out = run("#pragma pack_matrix(row_major)\nint x;\n#pragma once\n");
    assert_eq!(
        print(&out),
        "#line 1 \"main.hlsl\"\n#pragma pack_matrix(row_major)\nint x;\n"
    );
}

#[test]
fn errors_name_the_place() {
    let cases: &[(&str, &str)] = &[
        (
            "#if 1\nx\n",
            "main.hlsl:1:2: error: unterminated conditional directive",
        ),
        (
            "#pragma once\n",
            "main.hlsl:1:9: warning: #pragma once in main file",
        ),
        ("#endif\n", "main.hlsl:1:2: error: #endif without #if"),
        (
            "#include \"nope.h\"\n",
            "main.hlsl:1:2: error: 'nope.h' file not found",
        ),
        (
            "#error stop \"here\"\n",
            "main.hlsl:1:2: error: stop \"here\"",
        ),
        (
            "#define f(x) x\nf(1, 2)\n",
            "main.hlsl:2:1: error: too many arguments provided to function-like macro invocation",
        ),
        (
            "#define f(x, y) x\nf(1)\n",
            "main.hlsl:2:1: error: too few arguments provided to function-like macro invocation",
        ),
        (
            "#define f(x) x\nf(1\n",
            "main.hlsl:2:1: error: unterminated function-like macro invocation",
        ),
        (
            "#define f(x) #y\n",
            "main.hlsl:1:15: error: '#' is not followed by a macro parameter",
        ),
        (
            "#define f ## x\n",
            "main.hlsl:1:11: error: '##' cannot appear at start of macro expansion",
        ),
        (
            "#define f x ##\n",
            "main.hlsl:1:13: error: '##' cannot appear at end of macro expansion",
        ),
        ("#define\n", "main.hlsl:1:2: error: macro name missing"),
        (
            "#define 3 x\n",
            "main.hlsl:1:9: error: macro name must be an identifier",
        ),
        (
            "#define defined\n",
            "main.hlsl:1:9: error: 'defined' cannot be used as a macro name",
        ),
        (
            "#define f(x, x) x\n",
            "main.hlsl:1:14: error: duplicate macro parameter name 'x'",
        ),
        (
            "#if 1 / 0\n#endif\n",
            "main.hlsl:1:7: error: division by zero in preprocessor expression",
        ),
        (
            "#if 1.0\n#endif\n",
            "main.hlsl:1:5: error: floating point literal in preprocessor expression",
        ),
        (
            "#frob\n",
            "main.hlsl:1:2: error: invalid preprocessing directive",
        ),
        ("/* open\n", "main.hlsl:1:1: error: unterminated /* comment"),
        (
            "\"open\n",
            "main.hlsl:1:1: warning: missing terminating '\"' character [-Winvalid-pp-token]",
        ),
        (
            "#define c(a, b) a ## b\nc(+, /)\n",
            "main.hlsl:2:1: error: pasting formed '+/', an invalid preprocessing token",
        ),
    ];
    for (src, first_line) in cases {
        let out = run(src);
        let text = errors(&out);
        assert!(!out.diagnostics.is_empty(), "{src}");
        assert_eq!(text.lines().next(), Some(*first_line), "{src}\n{text}");
    }
}

#[test]
fn redefinition_warns_with_the_first_place() {
    let out = run("#define A 1\n#define A 2\n#define B 1\n#define B  1\nA B\n");
    assert!(!out.diagnostics.has_errors());
    assert_eq!(
        errors(&out),
        "main.hlsl:2:9: warning: 'A' macro redefined [-Wmacro-redefined]\n#define A 2\n        ^\nmain.hlsl:1:9: note: previous definition is here\n#define A 1\n        ^\n1 warning generated.\n"
    );
    assert_eq!(spellings(&out), ["2", "1"]);
}
