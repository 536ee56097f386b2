pub mod campaign;
