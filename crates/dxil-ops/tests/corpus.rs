//! Every `dx.op` call in the DXIL part of every corpus container decodes into a typed
//! operation; prints the figure and the failures grouped by message.

use std::collections::BTreeMap;

use dxil_ops::decode_call;

#[test]
fn corpus_calls_decode() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut decoded, mut total, mut files) = (0usize, 0usize, 0usize);
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let Some(bitcode) = dxil_test_support::dxil_bitcode(&bytes) else {
            continue;
        };
        let m = dxil_bitcode::read_module(bitcode).expect("module");
        files += 1;
        for f in m.functions.iter() {
            let Some(body) = &f.body else { continue };
            for inst in body.insts.iter() {
                match decode_call(&m, body, inst) {
                    Ok(None) => {}
                    Ok(Some(_)) => {
                        decoded += 1;
                        total += 1;
                    }
                    Err(e) => {
                        total += 1;
                        let entry = failures.entry(e.to_string()).or_insert((0, id.clone()));
                        entry.0 += 1;
                    }
                }
            }
        }
    }
    for (msg, (n, id)) in &failures {
        println!("{n:6} {msg} (e.g. {id})");
    }
    println!("dx.op calls decoded: {decoded} / {total} in {files} modules");
    assert_eq!(decoded, total, "every dx.op call decodes");
}

/// The function attributes of a declaration: enum attributes by name, and how many string
/// attributes it has (those come from the source, not the database).
fn declared_attrs(m: &dxil_ir::Module, f: &dxil_ir::FunctionData) -> (Vec<&'static str>, usize) {
    let (mut names, mut strings) = (Vec::new(), 0);
    let Some(list) = (f.attributes as usize)
        .checked_sub(1)
        .and_then(|i| m.attribute_lists.get(i))
    else {
        return (names, strings);
    };
    for gid in list.groups.iter() {
        for g in m.attribute_groups.iter() {
            if g.id != *gid || g.index != u32::MAX {
                continue;
            }
            for a in &g.attrs {
                match a {
                    dxil_ir::Attribute::Enum(k) => {
                        names.push(dxil_ir::attr_kind_name(*k).unwrap_or("?"))
                    }
                    _ => strings += 1,
                }
            }
        }
    }
    (names, strings)
}

/// For every declared `dx.op.*` function, the name, function type and attributes computed
/// from its operation and overloads equal the declared ones.
#[test]
fn corpus_declarations_match_signatures() {
    use dxil_ops::{check_function, LowPrecision, Ty};
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut same, mut total, mut uncalled, mut with_strings) = (0usize, 0usize, 0usize, 0usize);
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let Some(bitcode) = dxil_test_support::dxil_bitcode(&bytes) else {
            continue;
        };
        let m = dxil_bitcode::read_module(bitcode).expect("module");
        let native = dxil_gen::Source::new(&m).is_ok_and(|s| {
            s.recorded_flags()
                .has(dxil_gen::flags::bit::USE_NATIVE_LOW_PRECISION)
        });
        let low = if native {
            LowPrecision::Native
        } else {
            LowPrecision::Minimum
        };
        // The operation of each called function, from its first call.
        let mut op_of: BTreeMap<u32, &'static dxil_ops::OpInfo> = BTreeMap::new();
        for f in m.functions.iter() {
            let Some(body) = &f.body else { continue };
            for inst in body.insts.iter() {
                if let Ok(Some(call)) = decode_call(&m, body, inst) {
                    op_of.entry(call.callee.as_u32()).or_insert(call.op.info());
                }
            }
        }
        for (fid, f) in m.functions.iter_with_ids() {
            let name = m.name_text(f.common.name);
            if f.body.is_some() || !name.starts_with("dx.op.") {
                continue;
            }
            total += 1;
            let info = match op_of.get(&fid.as_u32()) {
                Some(info) => *info,
                None => {
                    uncalled += 1;
                    // Declared but not called: the operations of the longest matching
                    // function name, the first that fits.
                    let all = dxil_ops::CORE_OPS
                        .iter()
                        .chain(dxil_ops::EXPERIMENTAL_OPS.iter());
                    let found = all
                        .filter(|o| {
                            name == o.function()
                                || name
                                    .strip_prefix(o.function())
                                    .is_some_and(|r| r.starts_with('.'))
                        })
                        .find(|o| check_function(&m, o, fid).is_ok());
                    match found {
                        Some(info) => info,
                        None => {
                            failures
                                .entry(format!("no operation for {name}"))
                                .or_insert((0, id.clone()))
                                .0 += 1;
                            continue;
                        }
                    }
                }
            };
            let result = check_function(&m, info, fid)
                .map_err(|e| e.to_string())
                .and_then(|ovs| {
                    let positions = info.overloads().split(',').count();
                    let tys: Vec<Ty> = ovs[..positions]
                        .iter()
                        .map(|o| o.and_then(|t| Ty::from_ir(&m, t)).unwrap_or(Ty::Void))
                        .collect();
                    info.function_signature(&tys, low)
                        .map_err(|e| e.to_string())
                });
            let sig = match result {
                Ok(sig) => sig,
                Err(e) => {
                    failures.entry(e).or_insert((0, id.clone())).0 += 1;
                    continue;
                }
            };
            let dxil_ir::TypeData::Function { ret, params, .. } = m.ty(f.fn_ty) else {
                panic!("{id}: {name} has no function type");
            };
            let ret = Ty::from_ir(&m, *ret);
            let params: Vec<Option<Ty>> = params.iter().map(|p| Ty::from_ir(&m, *p)).collect();
            let want_params: Vec<Option<Ty>> = sig.params.iter().cloned().map(Some).collect();
            let (attrs, strings) = declared_attrs(&m, f);
            with_strings += usize::from(strings > 0);
            let mut what = Vec::new();
            if sig.name != name {
                what.push(format!("name {} for {name}", sig.name));
            }
            if ret != Some(sig.ret.clone()) || params != want_params {
                what.push(format!("type of {} ({})", name, info.name()));
            }
            if attrs != sig.attrs {
                what.push(format!(
                    "attributes {attrs:?} for {:?} ({})",
                    sig.attrs,
                    info.name()
                ));
            }
            if what.is_empty() {
                same += 1;
            } else {
                failures.entry(what.join("; ")).or_insert((0, id.clone())).0 += 1;
            }
        }
    }
    for (msg, (n, id)) in &failures {
        println!("{n:6} {msg} (e.g. {id})");
    }
    println!(
        "declared dx.op functions matching their computed signature: {same} / {total} \
         ({uncalled} declared but not called; {with_strings} with string attributes besides)"
    );
    assert_eq!(same, total, "every declaration matches its signature");
}
