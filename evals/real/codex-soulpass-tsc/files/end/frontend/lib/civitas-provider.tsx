"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import type { CivitasCredential } from "./identity";
import {
  generateCredential,
  verifyCredential,
  getOrCreateAutoCredential,
  autoStoreCredential,
} from "./identity";
import {
  clearActiveCredentialTag,
  getActiveCredentialTag,
  importCredentialFromFile,
  listCredentials,
  setActiveCredentialTag,
  storeCredential,
} from "./credential-store";
import { buildExplorerUrl, formatUsdc, SOLANA_TREASURY_VAULT } from "./solana";

export type UserRole = "employer" | "employee" | "auditor" | "none";

// [443 unchanged lines not reconstructed: see SOURCE]
export interface RegisteredEmployee {
export interface RegisteredAuditor {
export interface PayrollRun {
export interface Voucher {
export interface CompanyProfile {
export function CivitasProvider({ children }: { children: ReactNode }) {
export function useCivitas() {
