use dxil_hlsl::compile::{compile, Options};
use dxil_hlsl::pp::{FsLoader, Target};
fn main() {
    let mut args = std::env::args().skip(1);
    let mut opts = Options::default();
    let mut file = None;
    let mut out = None;
    while let Some(a) = args.next() {
        match a.as_str() {
            "-T" => opts.pp.target = Target::parse(&args.next().unwrap()),
            "-E" => opts.entry = args.next().unwrap(),
            "-Fo" | "-o" => out = args.next(),
            "-HV" => opts.pp.hlsl_version = args.next().unwrap().parse().unwrap_or(2029),
            "-enable-16bit-types" => opts.pp.enable_16bit_types = true,
            s if s.starts_with('-') => {}
            _ => file = Some(a),
        }
    }
    let file = file.unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let c = compile(&file, &text, &opts, &mut FsLoader);
    eprint!("{}", c.render());
    match c.container {
        Some(b) => {
            if let Some(o) = out {
                std::fs::write(o, b).unwrap();
            }
        }
        None => std::process::exit(1),
    }
}
