//! Immediate post-dominators of a function's blocks: where the lanes of a wave that split at
//! a branch meet again (the reconvergence point of SIMT execution). Cooper, Harvey and
//! Kennedy's iterative algorithm over the reverse control-flow graph, with a virtual exit
//! that every returning block (and every block that cannot reach a return) leads to.

use crate::code::EXIT;

/// `succs[b]` are block `b`'s successors; returns each block's immediate post-dominator
/// ([`EXIT`] for the virtual exit).
pub(crate) fn post_dominators(succs: &[Vec<u32>]) -> Vec<u32> {
    let n = succs.len();
    let exit = n;
    // Predecessors in the reverse graph are successors in the forward one; the exit's
    // reverse successors are the blocks without successors.
    let mut rpreds: Vec<Vec<usize>> = vec![Vec::new(); n + 1]; // reverse-graph successors
    for (b, s) in succs.iter().enumerate() {
        if s.is_empty() {
            rpreds[exit].push(b);
        }
        for &t in s {
            if (t as usize) < n {
                rpreds[t as usize].push(b);
            }
        }
    }
    // Postorder of the reverse graph from the exit (iterative DFS). Blocks that never reach
    // the exit (endless loops) get an artificial edge to it, and the search goes on from
    // them, so every block has a post-dominator; the exit is last.
    let mut order = Vec::with_capacity(n + 1);
    let mut seen = vec![false; n + 1];
    seen[exit] = true;
    let mut roots: Vec<usize> = rpreds[exit].clone();
    let mut next_unseen = n;
    loop {
        for &r in &roots {
            if seen[r] {
                continue;
            }
            seen[r] = true;
            let mut stack = vec![(r, 0usize)];
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                if let Some(&w) = rpreds[v].get(*i) {
                    *i += 1;
                    if !seen[w] {
                        seen[w] = true;
                        stack.push((w, 0));
                    }
                } else {
                    order.push(v);
                    stack.pop();
                }
            }
        }
        roots.clear();
        while next_unseen > 0 {
            next_unseen -= 1;
            if !seen[next_unseen] {
                rpreds[exit].push(next_unseen);
                roots.push(next_unseen);
                break;
            }
        }
        if roots.is_empty() {
            break;
        }
    }
    order.push(exit);
    let to_exit: Vec<bool> = {
        let mut v = vec![false; n];
        for &b in &rpreds[exit] {
            v[b] = true;
        }
        v
    };
    let mut rpo_index = vec![0usize; n + 1];
    for (i, &v) in order.iter().rev().enumerate() {
        rpo_index[v] = i;
    }
    const NONE: usize = usize::MAX;
    let mut idom = vec![NONE; n + 1];
    idom[exit] = exit;
    let rpo: Vec<usize> = order.iter().rev().copied().collect();
    // Reducible graphs settle in a few passes; a hostile irreducible one stops at a bound
    // (a post-dominator found so far is still a block or the exit).
    let mut changed = true;
    let mut passes = 0;
    while changed && passes < 64 {
        passes += 1;
        changed = false;
        for &b in rpo.iter().skip(1) {
            // Reverse-graph predecessors of b are its forward successors (and the exit for
            // blocks without successors or unreachable from it).
            let mut preds: Vec<usize> = succs[b]
                .iter()
                .map(|&t| t as usize)
                .filter(|&t| t < n)
                .collect();
            if to_exit[b] {
                preds.push(exit);
            }
            let mut new = NONE;
            for &p in &preds {
                if idom[p] == NONE {
                    continue;
                }
                new = if new == NONE {
                    p
                } else {
                    intersect(&idom, &rpo_index, p, new)
                };
            }
            if new == NONE {
                new = exit;
            }
            if idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom.truncate(n);
    idom.into_iter()
        .map(|d| if d >= n { EXIT } else { d as u32 })
        .collect()
}

fn intersect(idom: &[usize], rpo_index: &[usize], mut a: usize, mut b: usize) -> usize {
    let mut guard = 0usize;
    while a != b {
        while rpo_index[a] > rpo_index[b] {
            a = idom[a];
            guard += 1;
            if guard > 4 * idom.len() + 8 {
                return idom.len() - 1;
            }
        }
        while rpo_index[b] > rpo_index[a] {
            b = idom[b];
            guard += 1;
            if guard > 4 * idom.len() + 8 {
                return idom.len() - 1;
            }
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_and_loop() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> ret
        assert_eq!(
            post_dominators(&[vec![1, 2], vec![3], vec![3], vec![]]),
            [3, 3, 3, EXIT]
        );
        // 0 -> 1; 1 -> 2, 3; 2 -> 1; 3 -> ret
        assert_eq!(
            post_dominators(&[vec![1], vec![2, 3], vec![1], vec![]]),
            [1, 3, 1, EXIT]
        );
        // endless loop: 0 -> 1; 1 -> 1
        assert_eq!(post_dominators(&[vec![1], vec![1]]), [1, EXIT]);
    }
}
