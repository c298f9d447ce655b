//! Which peers, Host headers and Origins the phones' server takes, checked against
//! `tests/fixtures/phones_addresses.json`: values written from the RFCs and reference pages it
//! names (the private and link-local ranges, the shared address space, the Host and Origin
//! syntax), not from the app's own constants. Each range is checked at its first and last
//! address and just outside both ends.
#![cfg(feature = "phones")]

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use serde_json::Value;
use tablekeeper::phones::{HostNames, on_local_network, same_origin};

fn fixture() -> Value {
    let text = std::fs::read_to_string("tests/fixtures/phones_addresses.json").unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The address `by` after (or before, negative) `ip`, if there is one.
fn step(ip: IpAddr, by: i128) -> Option<IpAddr> {
    match ip {
        IpAddr::V4(v4) => {
            let n = i128::from(u32::from(v4)) + by;
            u32::try_from(n).ok().map(|n| IpAddr::V4(Ipv4Addr::from(n)))
        }
        IpAddr::V6(v6) => {
            let n = u128::from(v6).checked_add_signed(by)?;
            Some(IpAddr::V6(Ipv6Addr::from(n)))
        }
    }
}

fn ranges(key: &str) -> Vec<(IpAddr, IpAddr, String)> {
    fixture()[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let ip = |k: &str| r[k].as_str().unwrap().parse::<IpAddr>().unwrap();
            (
                ip("first"),
                ip("last"),
                r["source"].as_str().unwrap().into(),
            )
        })
        .collect()
}

#[test]
fn every_local_range_is_local_end_to_end_and_what_lies_beside_it_is_not() {
    let local = ranges("local_ranges");
    assert_eq!(
        local.len(),
        6,
        "three RFC 1918 blocks, link-local v4 and v6, unique-local"
    );
    let inside_any = |ip: IpAddr| {
        local
            .iter()
            .any(|(first, last, _)| match (ip, first, last) {
                (IpAddr::V4(ip), IpAddr::V4(a), IpAddr::V4(b)) => (*a..=*b).contains(&ip),
                (IpAddr::V6(ip), IpAddr::V6(a), IpAddr::V6(b)) => (*a..=*b).contains(&ip),
                _ => false,
            })
    };
    for (first, last, source) in &local {
        for ip in [
            *first,
            *last,
            step(*first, 1).unwrap(),
            step(*last, -1).unwrap(),
        ] {
            assert!(on_local_network(ip), "{ip} is in a range of {source}");
        }
        // Just outside each end, unless that is another local range (or loopback).
        for ip in [step(*first, -1), step(*last, 1)].into_iter().flatten() {
            if !inside_any(ip) && !ip.is_loopback() {
                assert!(
                    !on_local_network(ip),
                    "{ip} is just outside a range of {source}"
                );
            }
        }
        // An IPv4 address as IPv6 maps to (how a dual-stack socket reports a v4 peer).
        if let IpAddr::V4(v4) = first {
            assert!(
                on_local_network(IpAddr::V6(v4.to_ipv6_mapped())),
                "{v4} mapped"
            );
        }
    }
    assert!(on_local_network("127.0.0.1".parse().unwrap()));
    assert!(on_local_network("::1".parse().unwrap()));
}

#[test]
fn the_shared_address_space_and_global_addresses_are_outside() {
    for (first, last, source) in ranges("outside_ranges") {
        for ip in [first, last] {
            assert!(!on_local_network(ip), "{ip} of {source}");
        }
        if let IpAddr::V4(v4) = first {
            assert!(!on_local_network(IpAddr::V6(v4.to_ipv6_mapped())));
        }
    }
}

#[test]
fn a_host_is_an_ip_literal_localhost_or_this_machines_name() {
    let hosts = &fixture()["hosts"];
    let names = HostNames::named(Some(hosts["machine"].as_str().unwrap().to_string()));
    for host in hosts["allowed"].as_array().unwrap() {
        assert!(names.allows(host.as_str().unwrap()), "{host}");
    }
    for host in hosts["refused"].as_array().unwrap() {
        assert!(!names.allows(host.as_str().unwrap()), "{host}");
    }
}

#[test]
fn an_origin_is_taken_only_when_it_is_the_pages_own() {
    let origins = &fixture()["origins"];
    for case in origins["cases"].as_array().unwrap() {
        let origin = case["origin"].as_str();
        let host = case["host"].as_str().unwrap();
        let same = case["same"].as_bool().unwrap();
        assert_eq!(same_origin(origin, host), same, "{}", case["why"]);
    }
}
