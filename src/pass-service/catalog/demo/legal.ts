/**
 * Seller data, terms of sale and privacy notices of the demo organizers: fictitious example texts in four
 * languages, one template filled with each organizer's legal name.
 */
import type { z } from "zod/mini";
import type { CatalogOrganizer } from "../schema.ts";
import { l } from "./common.ts";

/** Version of the demo organizers' terms of sale (what a buyer accepts with an order). */
export const DEMO_TERMS_VERSION = "2026-01";

type Legal = Pick<
  z.input<typeof CatalogOrganizer>,
  "legalName" | "termsOfSale" | "privacyNotice" | "companyId" | "vatId"
>;

/** The legal part of a demo organizer: its legal name and ids, terms of sale and privacy notice. */
export function demoLegal(legalName: string, ids: { companyId?: string; vatId?: string } = {}): Legal {
  const n = legalName;
  return {
    legalName,
    ...ids,
    termsOfSale: {
      version: DEMO_TERMS_VERSION,
      text: l(
        `Ukázkové obchodní podmínky (fiktivní příklad). Prodávajícím vstupenek je ${n}, pořadatel akce; platforma prodej pouze zprostředkuje.\n\nKupní smlouva vzniká zaplacením objednávky. Vstupenky a zboží zašleme e-mailem a najdete je na stránce objednávky.\n\nVrácení vstupného: vstupenky na akci s pevným datem nelze vrátit ani vyměnit (§ 1837 písm. j) občanského zákoníku). Zruší-li pořadatel akci, vrátí celé vstupné do 14 dnů na účet, ze kterého bylo zaplaceno. Při přesunu akce platí vstupenky na nový termín, nebo je lze do 30 dnů vrátit.\n\nNevyčerpaný kredit na čipu vrátíme do 30 dnů po akci na požádání. Reklamace a dotazy vyřizuje pořadatel na kontaktech uvedených výše.`,
        `Example terms of sale (a fictitious sample). The seller of the tickets is ${n}, the organizer of the event; the platform only brokers the sale.\n\nThe contract of sale is made when the order is paid. Tickets and goods are sent by e-mail and shown on the order page.\n\nRefunds: tickets for an event on a fixed date cannot be returned or exchanged (EU Directive 2011/83/EU, Art. 16(l)). If the organizer cancels the event, the full price is refunded within 14 days to the account it was paid from. If the event is moved, tickets are valid for the new date or can be returned within 30 days.\n\nUnused chip credit is refunded on request within 30 days after the event. Complaints and questions go to the organizer at the contacts above.`,
        `Beispielhafte Verkaufsbedingungen (fiktives Muster). Verkäufer der Tickets ist ${n}, der Veranstalter; die Plattform vermittelt den Verkauf nur.\n\nDer Kaufvertrag kommt mit der Bezahlung der Bestellung zustande. Tickets und Waren senden wir per E-Mail, sie stehen auch auf der Bestellseite.\n\nErstattung: Tickets für eine Veranstaltung an einem festen Termin sind von Rückgabe und Umtausch ausgeschlossen (Richtlinie 2011/83/EU, Art. 16 Buchst. l). Sagt der Veranstalter die Veranstaltung ab, erstattet er den vollen Preis binnen 14 Tagen auf das Zahlungskonto. Bei Verlegung gelten die Tickets für den neuen Termin oder können binnen 30 Tagen zurückgegeben werden.\n\nNicht verbrauchtes Chip-Guthaben erstatten wir auf Anfrage binnen 30 Tagen nach der Veranstaltung. Reklamationen und Fragen richten Sie an den Veranstalter (Kontakte oben).`,
        `Ukážkové obchodné podmienky (fiktívny príklad). Predávajúcim vstupeniek je ${n}, organizátor podujatia; platforma predaj iba sprostredkúva.\n\nKúpna zmluva vzniká zaplatením objednávky. Vstupenky a tovar pošleme e-mailom a nájdete ich na stránke objednávky.\n\nVrátenie vstupného: vstupenky na podujatie s pevným dátumom nemožno vrátiť ani vymeniť (smernica 2011/83/EÚ, čl. 16 písm. l). Ak organizátor podujatie zruší, vráti celé vstupné do 14 dní na účet, z ktorého bolo zaplatené. Pri presune podujatia platia vstupenky na nový termín, alebo ich možno do 30 dní vrátiť.\n\nNevyčerpaný kredit na čipe vrátime na požiadanie do 30 dní po podujatí. Reklamácie a otázky vybavuje organizátor na kontaktoch uvedených vyššie.`,
      ),
    },
    privacyNotice: l(
      `Ukázkové zásady ochrany osobních údajů (fiktivní příklad). Správcem osobních údajů kupujících je ${n}.\n\nZpracováváme jméno, e-mail, telefon a fakturační údaje, abychom mohli vyřídit objednávku a vystavit doklad (plnění smlouvy, právní povinnost). Údaje uchováváme po dobu stanovenou účetními předpisy.\n\nMáte právo na přístup, opravu, výmaz a přenositelnost údajů a právo podat stížnost u dozorového úřadu. Napište nám na kontakty uvedené výše.`,
      `Example privacy notice (a fictitious sample). The controller of buyers' personal data is ${n}.\n\nWe process name, e-mail, phone and billing details to handle the order and issue the receipt (performance of a contract, legal obligation). We keep them as long as accounting law requires.\n\nYou have the right of access, rectification, erasure and portability, and to lodge a complaint with a supervisory authority. Write to us at the contacts above.`,
      `Beispielhafte Datenschutzerklärung (fiktives Muster). Verantwortlicher für die personenbezogenen Daten der Käufer ist ${n}.\n\nWir verarbeiten Name, E-Mail, Telefon und Rechnungsdaten, um die Bestellung abzuwickeln und den Beleg auszustellen (Vertragserfüllung, rechtliche Pflicht). Wir speichern sie so lange, wie das Buchhaltungsrecht es verlangt.\n\nSie haben das Recht auf Auskunft, Berichtigung, Löschung und Übertragbarkeit sowie auf Beschwerde bei einer Aufsichtsbehörde. Schreiben Sie uns (Kontakte oben).`,
      `Ukážkové zásady ochrany osobných údajov (fiktívny príklad). Prevádzkovateľom osobných údajov kupujúcich je ${n}.\n\nSpracúvame meno, e-mail, telefón a fakturačné údaje, aby sme mohli vybaviť objednávku a vystaviť doklad (plnenie zmluvy, zákonná povinnosť). Údaje uchovávame počas doby stanovenej účtovnými predpismi.\n\nMáte právo na prístup, opravu, vymazanie a prenosnosť údajov a právo podať sťažnosť dozornému orgánu. Napíšte nám na kontakty uvedené vyššie.`,
    ),
  };
}
