//! The reference compiler's unstable sort (introsort as in the GNU C++ library: median of
//! three pivot, unguarded partition, insertion sort below 16 elements), reproduced so that
//! records with equal keys come out in the reference's order.

use std::cmp::Ordering;

const THRESHOLD: usize = 16;

/// Sorts `v` by `less` exactly as the reference's `std::sort` orders it.
pub fn std_sort<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let depth = 2 * (usize::BITS - 1 - v.len().leading_zeros()) as usize;
    introsort_loop(v, depth, less);
    final_insertion_sort(v, less);
}

fn introsort_loop<T>(mut v: &mut [T], mut depth: usize, less: &impl Fn(&T, &T) -> bool) {
    while v.len() > THRESHOLD {
        if depth == 0 {
            // Heap sort fallback (inputs this deep are not produced by the writers here);
            // a stable sort keeps the result sorted.
            v.sort_by(|a, b| {
                if less(a, b) {
                    Ordering::Less
                } else if less(b, a) {
                    Ordering::Greater
                } else {
                    Ordering::Equal
                }
            });
            return;
        }
        depth -= 1;
        let cut = partition_pivot(v, less);
        let (left, right) = v.split_at_mut(cut);
        introsort_loop(right, depth, less);
        v = left;
    }
}

fn partition_pivot<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) -> usize {
    let n = v.len();
    let mid = n / 2;
    let (a, b, c) = (1, mid, n - 1);
    let pick = if less(&v[a], &v[b]) {
        if less(&v[b], &v[c]) {
            b
        } else if less(&v[a], &v[c]) {
            c
        } else {
            a
        }
    } else if less(&v[a], &v[c]) {
        a
    } else if less(&v[b], &v[c]) {
        c
    } else {
        b
    };
    v.swap(0, pick);
    // Unguarded partition of v[1..] around v[0].
    let mut first = 1;
    let mut last = n;
    loop {
        while less(&v[first], &v[0]) {
            first += 1;
        }
        last -= 1;
        while less(&v[0], &v[last]) {
            last -= 1;
        }
        if first >= last {
            return first;
        }
        v.swap(first, last);
        first += 1;
    }
}

fn final_insertion_sort<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    let n = v.len();
    if n > THRESHOLD {
        insertion_sort(&mut v[..THRESHOLD], less);
        for i in THRESHOLD..n {
            linear_insert(v, i, less);
        }
    } else {
        insertion_sort(v, less);
    }
}

fn insertion_sort<T>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        if less(&v[i], &v[0]) {
            v[..=i].rotate_right(1);
        } else {
            linear_insert(v, i, less);
        }
    }
}

/// Moves `v[i]` left past every element it is less than (a smaller element is known to
/// exist to the left).
fn linear_insert<T>(v: &mut [T], i: usize, less: &impl Fn(&T, &T) -> bool) {
    let mut j = i;
    while j > 0 && less(&v[i], &v[j - 1]) {
        j -= 1;
    }
    v[j..=i].rotate_right(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts(mut v in proptest::collection::vec((0u8..4, any::<u16>()), 0..80)) {
            std_sort(&mut v, &|a: &(u8, u16), b: &(u8, u16)| a.0 < b.0);
            prop_assert!(v.windows(2).all(|w| w[0].0 <= w[1].0));
        }
    }
}
