// The shared `main` of the examples: the output directory is the only argument.

/// What an example builds: (file name, container) pairs.
#[allow(dead_code)]
pub type ExampleShaders = Result<Vec<(String, Vec<u8>)>, dxil::builder::Error>;

#[allow(dead_code)]
fn dxil_example_main(shaders: fn() -> ExampleShaders) {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), None) = (args.next(), args.next()) else {
        eprintln!("usage: cargo run -p dxil --example NAME -- OUT_DIR");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    let result = shaders().map_err(|e| e.to_string()).and_then(|list| {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for (name, bytes) in list {
            let path = dir.join(&name);
            std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("{}", path.display());
        }
        Ok(())
    });
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
