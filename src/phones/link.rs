//! The phones' server as the keeper sees it: its [`Link`] (every call the keeper makes is the
//! server's own), how a front end lets its keeper start one ([`connect`]), and how a front end
//! gets its own server back from the keeper's link ([`server_of`]).

use std::io;
use std::net::{IpAddr, SocketAddr};

use tokio::sync::mpsc;

use super::server::PhonesServer;
use super::shared::PhoneMessage;
use crate::remote::{Link, LinkConfig as Config, Presence, Secret, TableNow};
use crate::vocabulary::Seat;

/// The phones' server as the keeper's [`Link`]: every call is the server's own.
impl Link for PhonesServer {
    fn address(&self) -> SocketAddr {
        PhonesServer::address(self)
    }
    fn shown_address(&self, listen: IpAddr) -> Option<IpAddr> {
        super::shown_address(listen)
    }
    fn publish(&self, table: TableNow) {
        PhonesServer::publish(self, table);
    }
    fn presence(&self) -> Presence {
        PhonesServer::presence(self)
    }
    fn change_secret(&self, secret: Secret) {
        PhonesServer::change_secret(self, secret);
    }
    fn set_any_network(&self, any: bool) {
        PhonesServer::set_any_network(self, any);
    }
    fn seats(&self) -> Vec<(Seat, String)> {
        PhonesServer::seats(self)
    }
    fn seats_for_another_game(&self, seats: &[(Seat, String)]) {
        PhonesServer::seats_for_another_game(self, seats);
    }
    fn give_seat(&self, seat: Seat, id: &str) -> bool {
        PhonesServer::give_seat(self, seat, id)
    }
    fn ask_for(&self, seat: Seat, id: &str) -> bool {
        PhonesServer::ask_for(self, seat, id)
    }
    fn refuse_seat(&self, seat: Seat, id: &str) {
        PhonesServer::refuse_seat(self, seat, id);
    }
    fn let_in(&self, id: &str) {
        PhonesServer::let_in(self, id);
    }
    fn drop_phone(&self, id: &str) {
        PhonesServer::drop_phone(self, id);
    }
    fn forget_removals(&self) {
        PhonesServer::forget_removals(self);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// How a front end with this server lets its keeper start one: requests that pass go to
/// `to_keeper` (the front end's loop hands them to the keeper).
pub fn connect(
    to_keeper: mpsc::Sender<PhoneMessage>,
) -> impl Fn(Config, TableNow) -> io::Result<Box<dyn Link>> {
    move |config, table| {
        let server = PhonesServer::start(config, table, to_keeper.clone())?;
        Ok(Box::new(server) as Box<dyn Link>)
    }
}

/// The phones' server behind a keeper's link, when it is this one.
pub fn server_of(link: &dyn Link) -> Option<&PhonesServer> {
    link.as_any().downcast_ref()
}
