//! A fixed amount of encoding work over the corpus, for instruction counts
//! (`perf stat -e instructions:u`) that other jobs on the machine do not disturb:
//! `encode_loop [write|checked|check|orders] [passes]`. The corpus is decoded first (its
//! instructions are counted too; run `encode_loop none` for that part alone).

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "write".into());
    let passes: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let files = dxil_test_support::corpus_bytes(&dir);
    let mut modules = Vec::new();
    let mut total = 0usize;
    for f in &files {
        for part in [b"DXIL", b"ILDB", b"STAT"] {
            if let Some(bc) = dxil_test_support::part_bitcode(f, part) {
                if let Ok(m) = dxil_bitcode::read_module(bc) {
                    total += bc.len();
                    modules.push(m);
                }
            }
        }
    }
    let checked: Vec<dxil_ir::CheckedModule> = if mode == "checked" {
        modules
            .iter()
            .map(|m| dxil_ir::CheckedModule::new(m.clone().into_inner()).expect("checked"))
            .collect()
    } else {
        Vec::new()
    };
    let t = std::time::Instant::now();
    let mut out = 0usize;
    for _ in 0..passes {
        match mode.as_str() {
            "write" => {
                for m in &modules {
                    out += dxil_bitcode::write_module(m).expect("write").len();
                }
            }
            "checked" => {
                for m in &checked {
                    out += dxil_bitcode::write_checked(m).expect("write").len();
                }
            }
            "check" => {
                for m in &modules {
                    m.check_ids().expect("check");
                    out += 1;
                }
            }
            "orders" => {
                for m in &modules {
                    let o = dxil_bitcode::orders(m, dxil_bitcode::WriteOptions::infer(m));
                    out += o.expect("orders").types.len();
                }
            }
            _ => {}
        }
    }
    let s = t.elapsed().as_secs_f64();
    eprintln!(
        "{mode}: {} modules, {total} bytes, {passes} passes, {s:.3} s, {:.1} MB/s ({out})",
        modules.len(),
        (total * passes) as f64 / s / 1e6
    );
}
