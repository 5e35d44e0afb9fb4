//! Cycle detection (iterative depth-first search) for the graphs that consumers walk
//! recursively: types printed inline, types contained by value, constants within a block.

use dxil_ir::{ConstData, Pools, TypeData, ValueRef};

/// Returns a node on a cycle of the graph with nodes `0..n`, if any. `edges(node, out)`
/// appends the node's successors; successors `>= n` are ignored.
pub(crate) fn find_cycle(n: usize, mut edges: impl FnMut(usize, &mut Vec<usize>)) -> Option<usize> {
    // Writers put a node's successors before it, and a graph whose edges all point back has
    // no cycle: one pass proves that without the search and its colour table.
    let mut kids: Vec<usize> = Vec::new();
    let all_back = (0..n).all(|node| {
        kids.clear();
        edges(node, &mut kids);
        kids.iter().all(|&k| k < node || k >= n)
    });
    if all_back {
        return None;
    }
    kids.clear();
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let mut color = vec![WHITE; n];
    // (node, next successor position, end of its successors) over the shared `kids` stack.
    let mut frames: Vec<(usize, usize, usize)> = Vec::new();
    for root in 0..n {
        if color[root] != WHITE {
            continue;
        }
        color[root] = GREY;
        let start = kids.len();
        edges(root, &mut kids);
        frames.push((root, start, kids.len()));
        while let Some(top) = frames.last_mut() {
            let (node, pos, end) = *top;
            if pos < end {
                top.1 += 1;
                let c = kids[pos];
                match color.get(c).copied() {
                    Some(GREY) => return Some(c),
                    Some(WHITE) => {
                        color[c] = GREY;
                        let s = kids.len();
                        edges(c, &mut kids);
                        frames.push((c, s, kids.len()));
                    }
                    _ => {}
                }
            } else {
                color[node] = BLACK;
                frames.pop();
                let s = frames.last().map_or(0, |f| f.2);
                kids.truncate(s);
            }
        }
    }
    None
}

/// True when the type table has a cycle that printing would follow forever (one that does not
/// pass through an identified struct) or a by-value containment cycle.
pub(crate) fn types_have_bad_cycle(types: &[TypeData]) -> bool {
    let inline = find_cycle(types.len(), |t, out| match types.get(t) {
        Some(TypeData::Struct(s)) if !s.identified => out.extend(s.elems.iter().map(|e| e.index())),
        Some(TypeData::Pointer { pointee: e, .. })
        | Some(TypeData::Array { elem: e, .. })
        | Some(TypeData::Vector { elem: e, .. }) => out.push(e.index()),
        Some(TypeData::Function { ret, params, .. }) => {
            out.push(ret.index());
            out.extend(params.iter().map(|p| p.index()));
        }
        _ => {}
    });
    let by_value = find_cycle(types.len(), |t, out| match types.get(t) {
        Some(TypeData::Struct(s)) => out.extend(s.elems.iter().map(|e| e.index())),
        Some(TypeData::Array { elem, .. }) | Some(TypeData::Vector { elem, .. }) => {
            out.push(elem.index())
        }
        _ => {}
    });
    inline.is_some() || by_value.is_some()
}

/// True when the constants `base..base + count` of one block reference themselves.
pub(crate) fn constants_have_cycle(
    constants: &[ConstData],
    pools: &Pools,
    base: usize,
    count: usize,
) -> bool {
    find_cycle(count, |c, out| {
        if let Some(data) = constants.get(base + c) {
            data.kind.for_each_operand(pools, |v| {
                if let ValueRef::Const(k) = v {
                    if let Some(local) = k.index().checked_sub(base) {
                        out.push(local);
                    }
                }
            });
        }
    })
    .is_some()
}

#[cfg(test)]
mod tests {
    use super::find_cycle;

    #[test]
    fn cycles() {
        let g: Vec<Vec<usize>> = vec![vec![1], vec![2], vec![]];
        assert_eq!(find_cycle(3, |n, o| o.extend(&g[n])), None);
        let g: Vec<Vec<usize>> = vec![vec![1, 2], vec![2], vec![0]];
        assert!(find_cycle(3, |n, o| o.extend(&g[n])).is_some());
        let g: Vec<Vec<usize>> = vec![vec![0]];
        assert_eq!(find_cycle(1, |n, o| o.extend(&g[n])), Some(0));
        // Diamond, successors out of range ignored.
        let g: Vec<Vec<usize>> = vec![vec![1, 2, 9], vec![3], vec![3], vec![]];
        assert_eq!(find_cycle(4, |n, o| o.extend(&g[n])), None);
    }
}
