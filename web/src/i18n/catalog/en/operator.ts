/**
 * Texts of the operator's figures (/operator) and their weekly email. Keys start with 'operator.'. Every figure of
 * common/operatorFigures.ts has its name and its one-line explanation here (TypeScript refuses a figure without).
 */
import type { OperatorFigureId } from '../../../../../common/operatorFigures';

const figures = {
  'operator.figure.requests': 'Requests posted',
  'operator.figure.answeredWithin24h': 'Answered within 24 h',
  'operator.figure.firstOfferMedian': 'Time to first offer (median)',
  'operator.figure.firstOfferP90': 'Time to first offer (9 in 10)',
  'operator.figure.offersPerRequest': 'Offers per request',
  'operator.figure.acceptanceRate': 'Requests with an accepted offer',
  'operator.figure.finishedJobs': 'Finished jobs',
  'operator.figure.averageRating': 'Average rating',
  'operator.figure.activeClients': 'Active clients',
  'operator.figure.activeBusinesses': 'Active businesses',
  'operator.figure.signupsClients': 'New clients',
  'operator.figure.signupsBusinesses': 'New businesses',
  'operator.figure.chatRooms': 'Chat rooms opened',
} as const satisfies Record<`operator.figure.${OperatorFigureId}`, string>;

const explanations = {
  'operator.about.requests': 'Requests clients posted in the week.',
  'operator.about.answeredWithin24h': 'Share of the week’s requests whose first offer came within 24 hours.',
  'operator.about.firstOfferMedian': 'Half of the week’s answered requests got their first offer sooner than this.',
  'operator.about.firstOfferP90': 'Nine in ten of the week’s answered requests got their first offer sooner than this.',
  'operator.about.offersPerRequest': 'Offers businesses made on the week’s requests, per request.',
  'operator.about.acceptanceRate': 'Share of the week’s requests whose client accepted an offer.',
  'operator.about.finishedJobs': 'Jobs clients marked finished, with their review, in the week.',
  'operator.about.averageRating': 'Stars of the week’s reviews, on average (of 5).',
  'operator.about.activeClients': 'Clients who did at least one thing in the week.',
  'operator.about.activeBusinesses': 'Businesses that did at least one thing in the week.',
  'operator.about.signupsClients': 'Client profiles created in the week.',
  'operator.about.signupsBusinesses': 'Business profiles created in the week.',
  'operator.about.chatRooms': 'Chats between a client and a business opened in the week.',
} as const satisfies Record<`operator.about.${OperatorFigureId}`, string>;

export const operator = {
  'operator.nav': 'Figures',
  'operator.title': 'Marketplace figures',
  'operator.lead': 'Is the marketplace working? Requests, answers and activity by week, town and service.',
  'operator.week.label': 'Week of {date}',
  'operator.week.inProgress': 'This week, still counting',
  'operator.week.previous': 'Previous week',
  'operator.week.next': 'Next week',
  'operator.week.latest': 'This week',
  'operator.week.nav': 'Choose the week',
  'operator.scope.label': 'Where',
  'operator.scope.town': 'Town',
  'operator.scope.service': 'Service',
  'operator.scope.allTowns': 'All of Albania',
  'operator.scope.allServices': 'All services',
  'operator.scope.countryOnly':
    'Active clients, new clients and chat rooms are counted for the whole of Albania only: they are left out here.',

  'operator.headlines.title': 'The week at a glance',
  'operator.headlines.loading': 'Loading the figures',
  'operator.change.up': 'up {change} from the week before',
  'operator.change.down': 'down {change} from the week before',
  'operator.change.same': 'same as the week before',
  'operator.change.new': 'none the week before',
  'operator.change.none': 'no figure to compare',
  'operator.change.points': '{points, plural, one {# point} other {# points}}',
  'operator.noValue': 'No figure',

  'operator.charts.title': 'The last {weeks} weeks',
  'operator.charts.empty': 'Nothing was counted in these {weeks} weeks yet.',
  'operator.chart.desc': '{figure}, week by week: {series}.',
  'operator.chart.point': 'week of {date}: {value}',
  'operator.chart.first': 'Week of {date}',
  'operator.chart.top': 'Highest {value}',

  'operator.grid.title': 'Requests answered within 24 hours, by town and service',
  'operator.grid.lead':
    'Each cell is the share of the week’s requests in that town and service whose first offer came within 24 hours. Red: none answered in time, businesses are missing. Amber: fewer than half.',
  'operator.grid.caption': 'Week of {date}: towns with requests, the most requests left waiting first',
  'operator.grid.town': 'Town',
  'operator.grid.loading': 'Loading the grid',
  'operator.grid.empty': 'No requests were posted this week.',
  'operator.grid.cell': '{share}, {answered} of {requests} within 24 h',
  'operator.grid.cellTitle':
    '{town}, {service}: {answered} of {requests} requests answered within 24 hours; {businesses, plural, =0 {no active business} one {# active business} other {# active businesses}}',
  'operator.grid.none': 'No request',
  'operator.grid.legend': 'Legend',
  'operator.grid.legend.empty': 'None answered within 24 h',
  'operator.grid.legend.slow': 'Fewer than half',
  'operator.grid.legend.ok': 'Half or more',
  'operator.grid.legend.none': 'No request',
  'operator.grid.scrollHint': 'The grid scrolls sideways.',

  'operator.export.title': 'Download a figure',
  'operator.export.lead': 'One figure, week by week, as a CSV file for a spreadsheet (at most {max} weeks).',
  'operator.export.figure': 'Figure',
  'operator.export.from': 'From the week of',
  'operator.export.to': 'To the week of',
  'operator.export.range': 'Choose weeks that end after they start: at most {max} weeks.',
  'operator.export.submit': 'Download CSV',
  'operator.export.working': 'Preparing the file...',
  'operator.export.done': 'Downloaded {file}.',
  'operator.export.scope': 'For: {scope}',

  'operator.method':
    'A request’s figures count in the week it was posted, so the latest weeks still grow as offers come. Times to a first offer are within {accuracy} % of the exact value. Weeks run Monday to Sunday (UTC).',

  'operator.duration.seconds': '{n} s',
  'operator.duration.minutes': '{n} min',
  'operator.duration.hours': '{n} h',
  'operator.duration.days': '{n, plural, one {# day} other {# days}}',
  'operator.rating': '{n} of 5',

  'operator.email.subject': 'The marketplace in the week of {date}',
  'operator.email.heading': 'The week of {date} to {end}',
  'operator.email.figures': 'The week’s figures (change from the week before)',
  'operator.email.worst':
    'Where clients waited: the five town and service pairs with the most requests not answered within 24 hours',
  'operator.email.noWorst': 'Every request of the week got an offer within 24 hours.',
  'operator.email.button': 'Open the figures',
  'operator.email.why': 'You receive this email every Monday because you are one of the marketplace’s operators.',
  ...figures,
  ...explanations,
} as const;
